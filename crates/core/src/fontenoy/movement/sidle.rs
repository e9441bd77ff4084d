//! F-7.1e A sidling: while the Infernal Column exists (F-7.1), its English and Hanoverian
//! infantry in Line or Hook may step into a Flank hex keeping its facing: every hex of the
//! formation moves one hex along the Line's axis (toward its left or its right end), for the
//! terrain cost + 1 (a facing change costs as usual). In one activation a unit that sidles may
//! also step forward or move rearward, not both; no Forced March (the text's "Rapid March",
//! 11.4) in the activation it sidles; the column's Hooks may move rearward (rearward.rs).
//!
//! Readings: the whole moving group must be the column's infantry (guns grouped with a Line
//! do not sidle: they are moved apart first); sidling into an enemy ZOC is allowed and pays
//! its +1 (11.9a) as any step (the rule bars no EZOC, unlike 11.7d); "in the same turn" is
//! the unit's one Movement Segment of the activation.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::{Hexes, Placed, line_axis};
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::types::{Formation, Pts};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::Hex;

impl Fontenoy {
    /// The two sidling positions of a Line or Hook at `p`: every hex one hex toward the left
    /// end (the Line's axis), then toward the right end.
    fn sidle_moves(p: &Placed) -> Vec<Placed> {
        let mut out = Vec::new();
        if !p.facing.is_corner() {
            return out;
        }
        let left = line_axis(p.facing);
        for dir in [left, left.opposite()] {
            let list: Vec<Hex> = p.hexes.as_slice().iter().map(|h| h.neighbor(dir)).collect();
            if let Some(hexes) = Hexes::from_slice(&list) {
                out.push(Placed {
                    hexes,
                    facing: p.facing,
                    hook: p.hook,
                });
            }
        }
        out
    }

    /// Why `group` may not sidle now, if it may not (F-7.1e A): the column's infantry, every
    /// unit of it, in Line or Hook, no Forced March, not after both forward and rearward moves.
    fn sidle_bar(&self, s: &State, group: &[UnitId]) -> Option<Illegal> {
        let lead = *group.first()?;
        let bar = |m: &str| Some(Illegal::new("F-7.1e A", m));
        if !matches!(s.unit(lead).formation, Formation::Line | Formation::Hook) {
            return bar(&format!(
                "{} is not in Line or Hook: only those sidle",
                self.unit_name(lead)
            ));
        }
        if let Some(&u) = group.iter().find(|&&u| !self.column_infantry(s, u)) {
            return bar(&format!(
                "{} is not Anglo-Hanoverian infantry of the Infernal Column",
                self.unit_name(u)
            ));
        }
        let m = self.moving(s, lead);
        if m.is_some_and(|m| m.forced) {
            return bar(&format!(
                "{} declared Forced March: a unit that sidles may not",
                self.unit_name(lead)
            ));
        }
        if m.is_some_and(|m| m.forward && m.rearward) {
            return bar(&format!(
                "{} moved both forward and rearward: it may not also sidle",
                self.unit_name(lead)
            ));
        }
        None
    }

    /// A sidle's cost and DC(A) trigger, if `group` at `p` may sidle into `to` with `left` MP.
    fn sidle_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        to: &Placed,
        left: Pts,
    ) -> Result<(Pts, bool), Illegal> {
        if let Some(e) = self.sidle_bar(s, group) {
            return Err(e);
        }
        let lead = group[0];
        // F-8.2f: under Vive le Roi! a move must bring it nearer the nearest Allied force.
        self.vive_step_ok(s, lead, p, to)?;
        // F-5.4c: an army in retreat moves rearward (army_rear.rs).
        self.rearward_step_ok(s, lead, p, to)?;
        let f = s.unit(lead).formation;
        let (cost, dca) = self.step_cost(s, o, group, f, p, to, None, false)?;
        let cost = cost.plus(Pts::ONE);
        self.pay_then_stay_or_go(s, o, group, to, f, cost, left, "11.2a", "the sidle", false)?;
        Ok((cost, dca))
    }

    /// The sidles `group` at `p` may make with `left` MP, as actions (nothing without the
    /// column, so the common case costs one check).
    pub(super) fn sidle_actions(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        left: Pts,
        out: &mut Vec<Action>,
    ) {
        if s.infernal.column.is_none() || self.sidle_bar(s, group).is_some() {
            return;
        }
        for to in Self::sidle_moves(p) {
            if self.sidle_ok(s, o, group, p, &to, left).is_ok() {
                out.push(Action::Sidle {
                    unit: group[0],
                    to: to.hex(),
                });
            }
        }
    }

    /// F-7.1e A: moves `unit` and its group into a Flank hex, keeping its facing.
    pub(super) fn apply_sidle(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, p) = self.mover_group(s, unit)?;
        let Some(target) = Self::sidle_moves(&p).into_iter().find(|q| q.hex() == to) else {
            return Err(Illegal::new(
                "F-7.1e A",
                format!(
                    "{} cannot sidle into {}: a sidle moves a Line or Hook one hex toward either end",
                    self.unit_name(unit),
                    self.label(to)
                ),
            ));
        };
        let left = self.group_left(s, &group);
        let (cost, dca) = self.sidle_ok(s, o, &group, &p, &target, left)?;
        // 12.8d: a Fire Reaction before it leaves.
        if self.reaction_before_leaving(s, unit, ev) {
            return Ok(());
        }
        // 10.7a: leaving a friendly hex it entered may be a Passage of Lines.
        self.note_passage(s, o, &group, &p, &target, ev);
        self.shift(s, &group, target, cost, dca);
        self.note_entered(s, &group, target);
        for &g in &group {
            if let Some(m) = self.record(s, g) {
                m.sidled = true;
            }
        }
        ev.push(Event::Sidled { unit, to, cost });
        self.after_step(s, &group, ev);
        let f = s.unit(unit).formation;
        self.general_order_by_terrain(s, &group, f, &target, ev);
        Ok(())
    }
}
