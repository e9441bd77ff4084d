//! 10.4d guns grouped with a multi-hex infantry Line or Hook: they stand in one of its hexes
//! (the one they entered, their owner's choice) and group with the whole Line; when the Line
//! leaves that hex (a move, losses, a rout) their owner puts them in any of the
//! Line's former hexes where they may stand (10.4e: a `GunsStay` step after the action).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::stacking::{gun_in_line, together};
use super::super::state::{Place, State, Step};
use super::super::types::{Formation, Kind, Morale};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::Hex;

impl Fontenoy {
    /// `u`'s type, formation and place, when it is on the map.
    fn stand<'a>(&self, s: &'a State, u: UnitId) -> Option<(Kind, Formation, &'a Placed)> {
        let x = s.unit(u);
        x.placed()
            .map(|p| (self.units[usize::from(u)].kind, x.formation, p))
    }

    /// Whether `u` and `v` stand as one group by their places (10.4d: guns in any hex of a
    /// multi-hex Line or Hook are grouped with it).
    pub fn stand_together(&self, s: &State, u: UnitId, v: UnitId) -> bool {
        match (self.stand(s, u), self.stand(s, v)) {
            (Some(a), Some(b)) => together(a, b),
            _ => false,
        }
    }

    /// 10.4d: the multi-hex Line or Hook of `u`'s side (Routed with Routed, 10.1f) that
    /// unlimbered guns `u` stand with, if any; the group's other members are found from it.
    pub fn line_of_gun(&self, s: &State, u: UnitId) -> Option<UnitId> {
        let me = self.stand(s, u)?;
        if me.0 != Kind::Artillery || me.1 != Formation::Unlimbered {
            return None;
        }
        let side = self.units[usize::from(u)].side;
        let routed = s.unit(u).morale == Morale::Routed;
        (0..s.units.len() as UnitId).find(|&v| {
            self.units[usize::from(v)].side == side
                && (s.unit(v).morale == Morale::Routed) == routed
                && self.stand(s, v).is_some_and(|b| gun_in_line(me, b))
        })
    }
}

/// 10.4e: unlimbered guns standing in a multi-hex Line or Hook: the guns, their place, the
/// Line, and the Line's place.
pub(crate) type GunInLine = (UnitId, Placed, UnitId, Placed);

impl Fontenoy {
    /// 10.4e: the guns standing in a multi-hex Line or Hook now (before an action).
    pub(crate) fn guns_in_lines(&self, s: &State) -> Vec<GunInLine> {
        let mut out = Vec::new();
        for (i, x) in s.units.iter().enumerate() {
            if self.units[i].kind != Kind::Artillery || x.formation != Formation::Unlimbered {
                continue;
            }
            let Some(gp) = x.placed() else { continue };
            let g = i as UnitId;
            if let Some(v) = self.line_of_gun(s, g) {
                if let Some(vp) = s.unit(v).placed() {
                    out.push((g, *gp, v, *vp));
                }
            }
        }
        out
    }

    /// 10.4e: after an action, each of `before`'s guns that stayed where they stood while
    /// their Line left their hex (a move, losses, a rout) may go to another of the
    /// Line's former hexes: their owner chooses when there is more than one hex to choose.
    pub(crate) fn guns_left(&self, s: &mut State, before: &[GunInLine]) {
        for &(g, gp, v, vp) in before.iter().rev() {
            let x = s.unit(g);
            if x.placed() != Some(&gp)
                || x.formation != Formation::Unlimbered
                || self.stand_together(s, g, v)
            {
                continue;
            }
            if self.guns_stay_hexes(s, g, &vp).len() > 1 {
                s.steps.push(Step::GunsStay { unit: g, line: vp });
            }
        }
    }

    /// 10.4e: the former hexes of the Line (`line`) that guns `g` may be put in: where they
    /// stand, and each other hex free of enemy units where they may stand with their facing
    /// (alone, or grouped with what stands there, 10.4c).
    pub(crate) fn guns_stay_hexes(&self, s: &State, g: UnitId, line: &Placed) -> Vec<Hex> {
        let mut out = Vec::new();
        let Some(gp) = s.unit(g).placed().copied() else {
            return out;
        };
        out.push(gp.hex());
        let side = self.units[usize::from(g)].side;
        let o = Occupancy::build(self, s);
        for &h in line.hexes.as_slice() {
            if h == gp.hex() {
                continue;
            }
            let enemy = o.at(self, h).units.iter().any(|&x| {
                let i = &self.units[usize::from(x)];
                i.side != side && i.is_combat()
            });
            let to = Placed::at(h, gp.facing);
            if !enemy && self.fits_at(s, &o, &[g], &to, Formation::Unlimbered) {
                out.push(h);
            }
        }
        out
    }

    /// The choices of [`Step::GunsStay`].
    pub(crate) fn guns_stay_actions(
        &self,
        s: &State,
        g: UnitId,
        line: &Placed,
        out: &mut Vec<Action>,
    ) {
        for to in self.guns_stay_hexes(s, g, line) {
            out.push(Action::GunsStay { unit: g, to });
        }
    }

    /// Applies the owner's choice of hex for guns their Line left (10.4e).
    pub(crate) fn apply_guns_stay(
        &self,
        s: &mut State,
        g: UnitId,
        line: Placed,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let to = match *a {
            Action::GunsStay { unit, to } if unit == g => to,
            _ => {
                return Err(Illegal::new(
                    "10.4e",
                    format!(
                        "{a:?}: choose the hex of its Line's former place {} stays in",
                        self.unit_name(g)
                    ),
                ));
            }
        };
        if !self.guns_stay_hexes(s, g, &line).contains(&to) {
            return Err(Illegal::new(
                "10.4e",
                format!(
                    "{} may not stay in {}: not one of its Line's former hexes where it may stand",
                    self.unit_name(g),
                    self.label(to)
                ),
            ));
        }
        let x = s.unit_mut(g);
        if let Place::Map(q) = x.place {
            x.place = Place::Map(Placed::at(to, q.facing));
        }
        ev.push(Event::GunsStayed { unit: g, to });
        Ok(())
    }
}
