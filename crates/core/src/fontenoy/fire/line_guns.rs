//! 12.4e: guns grouped with a multi-hex infantry Line or Hook (10.4d) may fire from any of
//! its hexes: that hex gives their Fire Arc, line of sight and range, a different one each
//! time if their player likes.
//!
//! Readings: the guns stay where they stand for everything else (their hex's infantry SP
//! limit, 12.4b; stacking; a regimental gun's own Division's infantry, F-7.5b); the Line's
//! guns in all its hexes are one group (10.4d) and fire together from the hex chosen, at most
//! 4 SP (12.4c); once they have fired in the Fire Combat Segment, the hexes they stand in count
//! as having fired (12.2c), so that they fire from no other hex; one fire may not use the same
//! guns from two hexes.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::occupancy::Occupancy;
use super::super::state::{Decl, FireKind, State};
use super::super::types::{Arm, Formation, Kind};
use super::super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

impl Fontenoy {
    /// 12.4e: the guns of `side` in the other hexes of a multi-hex infantry Line or Hook that
    /// stands in `h`, on top of its infantry there (12.4b), which may fire from `h`; in the Fire
    /// Combat Segment not those that have fired from where they stand (12.2c).
    pub(crate) fn line_guns(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        side: Side,
        kind: FireKind,
    ) -> Vec<UnitId> {
        let mut out = Vec::new();
        for u in self.stack_at(s, o, h) {
            let info = &self.units[usize::from(u)];
            if info.side != side
                || info.kind != Kind::Infantry
                || !matches!(s.unit(u).formation, Formation::Line | Formation::Hook)
            {
                continue;
            }
            let Some(p) = s.unit(u).placed() else {
                continue;
            };
            for &x in p.hexes.as_slice() {
                if x == h {
                    continue;
                }
                if kind == FireKind::Segment && !self.fired_from(s, x, Arm::Artillery).is_empty() {
                    continue;
                }
                for g in self.firing_units_here(s, o, x, Arm::Artillery, side, kind) {
                    if !out.contains(&g) {
                        out.push(g);
                    }
                }
            }
        }
        out
    }

    /// Whether the guns firing from `h` already fire in declaration `d` from another hex of
    /// their Line (12.4e).
    pub(crate) fn guns_already_declared(&self, s: &State, o: &Occupancy, d: &Decl, h: Hex) -> bool {
        if d.arm != Arm::Artillery {
            return false;
        }
        let here = self.firing_units(s, o, h, Arm::Artillery, d.side, d.kind);
        d.from.iter().any(|&f| {
            self.firing_units(s, o, f, Arm::Artillery, d.side, d.kind)
                .iter()
                .any(|g| here.contains(g))
        })
    }
}
