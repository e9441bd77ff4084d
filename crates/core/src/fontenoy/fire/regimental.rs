//! F-7.5b English regimental guns in fire combat: one fires from a hex (strength.rs `part`);
//! without infantry of its own Division in its hex it fires at half strength (strength.rs
//! `part_strength`).

use super::super::Fontenoy;
use super::super::state::State;
use super::super::types::Kind;
use super::super::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// F-7.5b: whether regimental gun `g` has no infantry of its own Division in `h` (always,
    /// for a gun of no Division).
    pub(crate) fn regimental_alone(&self, s: &State, g: UnitId, h: Hex) -> bool {
        let Some(d) = self.org.division_of.get(usize::from(g)).copied().flatten() else {
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
}
