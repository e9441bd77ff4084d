//! F-7.5b English regimental guns in fire combat: one fires from a hex (strength.rs `part`);
//! without infantry of its own Division in its hex it fires at half strength (strength.rs
//! `part_strength`), alone, and never in Defensive Fire; with its Division's firing infantry in
//! its hex it fires with them, in their infantry fire (read on the Infantry Fire or Defensive
//! Fire special results, 12.11); it never combines with units of another Division.
//!
//! Readings (docs/coverage/fontenoy.md, F-7.5b): a gun whose hex holds firing infantry of its
//! Division, and of no other, fires in that infantry's fire (its SP on top of the Line, 12.4b,
//! so a gun under a Line's infantry still does not fire); otherwise it fires as artillery, at
//! full strength when its Division's infantry stands in its hex without being able to fire,
//! halved and from its hex alone when none does. In Defensive Fire (13.10b: both arms
//! combine anyway) a gun without its Division's infantry is left out, and so is every
//! regimental gun of a Defensive Fire that holds units of another Division.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::occupancy::Occupancy;
use super::super::state::{FireKind, State};
use super::super::types::{Arm, Kind};
use super::super::units::{DivId, UnitId};
use super::strength::Part;
use crate::engine::Side;
use crate::hex::Hex;

impl Fontenoy {
    fn division_of_unit(&self, u: UnitId) -> Option<DivId> {
        self.org.division_of.get(usize::from(u)).copied().flatten()
    }

    /// F-7.5b: whether regimental gun `g` has no infantry of its own Division in `h` (always,
    /// for a gun of no Division).
    pub(crate) fn regimental_alone(&self, s: &State, g: UnitId, h: Hex) -> bool {
        let Some(d) = self.division_of_unit(g) else {
            return true;
        };
        let Some(div) = self.org.divisions.get(usize::from(d)) else {
            return true;
        };
        !div.units.iter().any(|&u| {
            self.units[usize::from(u)].kind == Kind::Infantry
                && s.unit(u).placed().is_some_and(|p| p.hexes.contains(h))
        })
    }

    /// The hex a gun stands in (12.4e: it may fire from another hex of its Line).
    fn gun_hex(s: &State, g: UnitId, or: Hex) -> Hex {
        s.unit(g).placed().map_or(or, |p| p.hex())
    }

    /// F-7.5b: whether every unit of `units` may fire together with the regimental guns among
    /// them: no gun without its Division's infantry combines with any other unit, and a fire
    /// holding a regimental gun holds units of the gun's Division only.
    pub(crate) fn regimental_mix_ok(&self, s: &State, units: &[UnitId]) -> bool {
        let mut guns = units
            .iter()
            .copied()
            .filter(|&u| self.units[usize::from(u)].regimental_gun());
        let Some(g) = guns.next() else {
            return true;
        };
        let lone = |g: UnitId| {
            let h = s.unit(g).placed().map(|p| p.hex());
            h.is_none_or(|h| self.regimental_alone(s, g, h))
        };
        let d = self.division_of_unit(g);
        if units.len() > 1 && (lone(g) || guns.clone().any(lone)) {
            return false;
        }
        d.is_some() && units.iter().all(|&u| self.division_of_unit(u) == d)
    }

    /// F-7.5b: sorts the regimental guns of a fire of `arm` from `h` (`v`, top first, as
    /// `firing_units` found it): a gun with its Division's firing infantry leaves the
    /// artillery and joins that infantry's fire; a gun grouped with guns of another Division
    /// fires apart from them; in Defensive Fire a gun without its Division's infantry is
    /// ignored.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn regimental_sort(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        arm: Arm,
        side: Side,
        kind: FireKind,
        v: &mut Vec<UnitId>,
    ) {
        let is_gun = |u: UnitId| self.units[usize::from(u)].regimental_gun();
        match arm {
            Arm::Artillery => {
                if !v.iter().any(|&u| is_gun(u)) {
                    return;
                }
                let keep: Vec<bool> = v
                    .iter()
                    .map(|&g| {
                        if !is_gun(g) {
                            return true;
                        }
                        let own = Self::gun_hex(s, g, h);
                        if kind == FireKind::Defensive {
                            return !self.regimental_alone(s, g, own);
                        }
                        if self.fires_with_infantry(s, o, g, own, side, kind) {
                            return false;
                        }
                        let d = self.division_of_unit(g);
                        v.iter()
                            .all(|&x| is_gun(x) || d.is_some() && self.division_of_unit(x) == d)
                    })
                    .collect();
                let mut i = 0;
                v.retain(|_| {
                    i += 1;
                    keep[i - 1]
                });
            }
            Arm::Infantry => {
                if kind == FireKind::Defensive || v.is_empty() {
                    return;
                }
                for g in self.firing_units_here(s, o, h, Arm::Artillery, side, kind) {
                    if is_gun(g)
                        && !v.contains(&g)
                        && self.fires_with_infantry(s, o, g, h, side, kind)
                    {
                        v.push(g);
                    }
                }
            }
        }
    }

    /// F-7.5b: whether regimental gun `g` in `h` fires with the infantry there: every
    /// infantry unit that may fire from `h` now is of its Division, and there is one.
    fn fires_with_infantry(
        &self,
        s: &State,
        o: &Occupancy,
        g: UnitId,
        h: Hex,
        side: Side,
        kind: FireKind,
    ) -> bool {
        let Some(d) = self.division_of_unit(g) else {
            return false;
        };
        let inf = self.firing_units_here(s, o, h, Arm::Infantry, side, kind);
        !inf.is_empty() && inf.iter().all(|&u| self.division_of_unit(u) == Some(d))
    }

    /// F-7.5b: a Defensive Fire's parts lose their regimental guns when the fire holds units
    /// of another Division than theirs.
    pub(crate) fn regimental_defensive(&self, s: &State, parts: &mut Vec<Part>) {
        let all: Vec<UnitId> = parts
            .iter()
            .flat_map(|p| p.sp.iter().map(|&(u, _)| u))
            .collect();
        if self.regimental_mix_ok(s, &all) {
            return;
        }
        for p in parts.iter_mut() {
            p.sp.retain(|&(u, _)| !self.units[usize::from(u)].regimental_gun());
        }
        parts.retain(|p| !p.sp.is_empty());
    }
}
