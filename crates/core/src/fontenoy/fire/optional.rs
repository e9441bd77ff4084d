//! The Fontenoy optional rules that change fire (each behind its option, `Fontenoy::option`):
//! F-5.1 Flanking Fire (the column shift is in `resolve::build_combat`, the spreading of an
//! artillery enfilade's losses here), F-5.3 artillery fire below 1:3, F-7.7 the Allied
//! howitzers' indirect fire.
//!
//! Readings (docs/coverage/fontenoy.md): F-5.1b's last sentence ("not in Defensive Fire") is
//! read for the whole of F-5.1; under F-5.3 a fire below 1:3 rolls, and of the specials only
//! Accurate Fire (strength doubled, F-8.7b) and the commander loss of 02/04/06/08 (F-8.8) act,
//! every other special result having no effect, good or bad; F-7.7 applies when every firing
//! unit is an Allied howitzer and every firing hex is more than 4 hexes from the target.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::state::{FireCombat, FireKind};
use super::super::tables::fire::Special;
use super::super::types::{Arm, Kind};
use super::strength::Part;
use crate::engine::Side;
use crate::hex::Hex;

impl Fontenoy {
    /// F-5.3: whether combat `c` is an artillery fire that may roll below 1:3 (the option on,
    /// artillery alone, not Defensive Fire).
    pub(crate) fn low_ratio_artillery(&self, c: Option<&FireCombat>) -> bool {
        let Some(c) = c else { return false };
        self.option("5.3")
            && c.kind != FireKind::Defensive
            && c.arm == Some(Arm::Artillery)
            && !c.firers.is_empty()
            && c.firers
                .iter()
                .all(|&u| self.units[usize::from(u)].kind == Kind::Artillery)
    }

    /// F-5.3: whether special result `x` on `roll` acts below 1:3: a column shift to the
    /// right (Accurate Fire, F-8.7b) or a commander loss (F-8.8: the even rolls 02–08).
    pub(crate) fn low_ratio_special(x: Special, roll: u8) -> bool {
        x == Special::AccurateFire || matches!(roll, 2 | 4 | 6 | 8)
    }

    /// F-7.7: a fire by Allied howitzers alone, every firing hex more than 4 hexes from
    /// `at`: indirect fire, which ignores the hexside modifiers of the target's Defense
    /// Rating.
    pub(crate) fn indirect_howitzer_fire(&self, parts: &[Part], at: Hex, side: Side) -> bool {
        if !self.option("7.7") || side != super::super::ALLIED || parts.is_empty() {
            return false;
        }
        let firers: Vec<_> = parts
            .iter()
            .flat_map(|p| p.sp.iter().filter(|&&(_, n)| n > 0).map(|&(u, _)| u))
            .collect();
        !firers.is_empty()
            && parts
                .iter()
                .all(|p| p.arm == Arm::Artillery && p.hex.distance(at) > 4)
            && firers.iter().all(|&u| {
                self.units[usize::from(u)].caliber.as_deref() == Some("howitzer")
            })
    }
}
