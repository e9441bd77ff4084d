//! 11.6 Artillery Movement By Hand: non-Disordered unlimbered guns marked "P" (if they did not
//! fire in this activation's Fire Combat Segment) or "FP" move one hex into a Frontal or Rear
//! hex keeping their facing; never into terrain closed to guns, nor into an enemy ZOC unless
//! friendly infantry or artillery already stands there (11.9b); leaving one may set off a
//! reaction (12.8d). F-2.11 marks the guns; F-3.7a the Swedish 4-pounders ("FP2"): 2 by-hand
//! points, an open hex 1, a difficult one 2, a hexside what guns pay for it (rounded up);
//! Disordered, one hex; their turn for a by-hand point is in guns.rs.
//!
//! Readings: moving by hand uses up the guns' MP for the segment (11.6: limbered movement and
//! movement by hand are not combined).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Place, State};
use super::super::tables::MoveClass;
use super::super::types::{Arm, Formation, Kind};
use super::super::units::{ByHand, UnitId};
use crate::engine::Illegal;
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// The by-hand points `u` has left now, 0 when it may not move by hand (11.6, F-3.7a).
    pub(super) fn by_hand_left(&self, s: &State, u: UnitId) -> u8 {
        let info = &self.units[usize::from(u)];
        let unit = s.unit(u);
        if info.kind != Kind::Artillery
            || unit.formation != Formation::Unlimbered
            || unit.act != Act::Active
            || !unit.on_map()
            || s.activation.as_ref().is_none_or(|a| a.restricted)
        {
            // 6.8b: under Restricted Activation no gun moves by hand.
            return 0;
        }
        let m = self.moving(s, u);
        if m.is_some_and(|m| m.done || (m.by_hand == 0 && m.spent.sixths() > 0)) {
            return 0;
        }
        let used = m.map_or(0, |m| m.by_hand);
        let hex = unit.placed().map(|p| p.hex());
        let fired =
            used == 0 && hex.is_some_and(|h| !self.fired_from(s, h, Arm::Artillery).is_empty());
        let points: u8 = match info.by_hand {
            ByHand::No => 0,
            ByHand::P if fired || unit.disordered => 0,
            ByHand::P | ByHand::Fp if unit.disordered => 0,
            ByHand::P | ByHand::Fp => 1,
            ByHand::Fp2 if unit.disordered => 1,
            ByHand::Fp2 => 2,
        };
        points.saturating_sub(used)
    }

    /// Where `u` may be moved by hand now, each with its by-hand cost.
    fn by_hand_moves(&self, s: &State, o: &Occupancy, u: UnitId) -> Vec<(Hex, u8)> {
        let mut out = Vec::new();
        let points = self.by_hand_left(s, u);
        if points == 0 {
            return out;
        }
        let Some(p) = s.unit(u).placed().copied() else {
            return out;
        };
        let side = self.units[usize::from(u)].side;
        let fp2 = self.units[usize::from(u)].by_hand == ByHand::Fp2;
        let d = Direction::new(p.facing.index() / 2).unwrap_or(Direction::ALL[0]);
        let dirs = if p.facing.is_corner() {
            alloc::vec![d, d.rotate(1), d.rotate(3), d.rotate(4)]
        } else {
            alloc::vec![d, d.opposite()]
        };
        for dir in dirs {
            let h = p.hex().neighbor(dir);
            let Ok(e) = self.entry(o, u, MoveClass::Artillery, p.hex(), h) else {
                continue;
            };
            // F-3.7a: an open hex 1 by-hand point, a difficult one 2, a hexside what it costs
            // guns (rounded up); Disordered, the one hex they may move whatever it costs.
            let cost = if fp2 && s.unit(u).disordered {
                points
            } else if fp2 {
                let side = u8::try_from(e.side.sixths().div_ceil(6)).unwrap_or(u8::MAX);
                (if e.difficult { 2u8 } else { 1 }).saturating_add(side)
            } else {
                1
            };
            if cost > points {
                continue;
            }
            // 11.6, 11.9b: into an enemy ZOC only where friendly infantry or guns stand.
            if o.ezoc(self, h, side)
                && !o.combat_at(self, h).any(|x| {
                    let i = &self.units[usize::from(x)];
                    i.side == side && matches!(i.kind, Kind::Infantry | Kind::Artillery)
                })
            {
                continue;
            }
            let q = Placed::at(h, p.facing);
            if !self.fits_at(s, o, &[u], &q, Formation::Unlimbered) {
                continue;
            }
            // 7.6c: the Out-of-Command limits on entering an enemy ZOC (command/ooc.rs).
            if self.ooc_step_ok(s, o, &[u], &p, &q).is_err() {
                continue;
            }
            out.push((h, cost));
        }
        out
    }

    /// The by-hand moves of the activated guns, when no other unit's move is under way.
    pub(super) fn by_hand_actions(
        &self,
        s: &State,
        o: &Occupancy,
        current: Option<UnitId>,
        out: &mut Vec<Action>,
    ) {
        for u in 0..s.units.len() as UnitId {
            if current.is_some_and(|c| c != u) || self.by_hand_left(s, u) == 0 {
                continue;
            }
            for (to, _) in self.by_hand_moves(s, o, u) {
                out.push(Action::ByHand { unit: u, to });
            }
        }
    }

    /// 11.6: moves the guns `unit` by hand into `to`.
    pub(super) fn apply_by_hand(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some((_, cost)) = self
            .by_hand_moves(s, o, unit)
            .into_iter()
            .find(|(h, _)| *h == to)
        else {
            return Err(Illegal::new(
                "11.6",
                format!(
                    "{} cannot be moved by hand into {} (unlimbered guns marked P or FP, not Disordered, into a Frontal or Rear hex open to guns, not an enemy ZOC without friends)",
                    self.unit_name(unit),
                    self.label(to)
                ),
            ));
        };
        // 12.8d: a Fire Reaction before it leaves.
        if self.reaction_before_leaving(s, unit, ev) {
            return Ok(());
        }
        let from = s
            .unit(unit)
            .placed()
            .copied()
            .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
        let facing = from.facing;
        let target = Placed::at(to, facing);
        // 10.7a: leaving a friendly hex it entered may be a Passage of Lines (passage.rs).
        self.note_passage(s, o, &[unit], &from, &target, ev);
        let points = self.by_hand_left(s, unit);
        let all = self.mp_left(s, unit);
        self.spend(s, unit, all, None, false);
        if let Some(m) = self.record(s, unit) {
            m.by_hand = m.by_hand.saturating_add(cost);
        }
        s.unit_mut(unit).place = Place::Map(target);
        self.note_entered(s, &[unit], target);
        ev.push(Event::MovedByHand { unit, to });
        self.after_step(s, &[unit], ev);
        if points <= cost {
            self.finish(s, unit, ev);
        }
        Ok(())
    }
}
