//! The Fontenoy optional rules that change fire (each behind its option, `Fontenoy::option`):
//! F-5.1 Flanking Fire (the column shift is in `resolve::build_combat`, the spreading of an
//! artillery enfilade's losses here), F-5.3 artillery fire below 1:3, F-7.7 the Allied
//! howitzers' indirect fire, F-7.9 the Hanoverian cavalry's pistols (called by close combat).
//!
//! Readings (docs/coverage/fontenoy.md): F-5.1b's last sentence ("not in Defensive Fire") is
//! read for the whole of F-5.1; under F-5.3 a fire below 1:3 rolls, and of the specials only
//! Accurate Fire (strength doubled, F-8.7b) and the commander loss of 02/04/06/08 (F-8.8) act,
//! every other special result having no effect, good or bad; F-7.7 applies when every firing
//! unit is an Allied howitzer and every firing hex is more than 4 hexes from the target.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::occupancy::Occupancy;
use super::super::state::{FireCombat, FireKind, State};
use super::super::tables::fire::Special;
use super::super::types::{Arm, Kind, Nationality};
use super::super::units::UnitId;
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
            && firers
                .iter()
                .all(|&u| self.units[usize::from(u)].caliber.as_deref() == Some("howitzer"))
    }
}

impl Fontenoy {
    /// F-7.9: the pistols of Hanoverian cavalry `cavalry` at the hex `at` it attacks: an
    /// ordinary fire (no special results: 00–09 read the table) on the 1:3 column with the
    /// target's size modifier; no Return Fire answers it. The roll is pending on return.
    pub(crate) fn pistol_fire(
        &self,
        s: &mut State,
        cavalry: &[UnitId],
        at: Hex,
        ev: &mut Vec<Event>,
    ) -> Option<u16> {
        let side = self.units[usize::from(*cavalry.first()?)].side;
        let o = Occupancy::build(self, s);
        let target = self.target_units(s, &o, at, side);
        if target.is_empty() {
            return None;
        }
        let target = self.loss_order(s, &target, None);
        let from: Vec<Hex> = cavalry
            .iter()
            .filter_map(|&u| s.unit(u).placed().map(|p| p.hex()))
            .collect();
        let heavy = target
            .iter()
            .any(|&u| Self::heavy_formation(s.unit(u).formation));
        let drm = if self.skirmisher_target(s, &target) {
            self.tables.fire.drms.skirmisher
        } else {
            self.tables.fire.size_drm(self.target_size(s, &target))
        };
        let c = FireCombat {
            kind: FireKind::Segment,
            side,
            // No arm: the cavalry's pistols (F-7.9); such a fire draws no Return Fire.
            arm: None,
            nationality: Nationality::Hanoverian,
            firers: cavalry.to_vec(),
            from,
            at,
            target,
            // F-7.9: the 1:3 column whatever the strengths.
            strength: 1,
            defense: 3,
            drm,
            range: 1,
            long_artillery: false,
            flank: false,
            enfilade: false,
            heavy,
            mover: None,
            ordinary: true,
            shift: 0,
            extra_loss: 0,
            caisson: false,
            smoke: 0,
            rerolls: 0,
            disorder_after: false,
            wild: None,
            effect: None,
            cancelled: false,
            lost: 0,
            spread: Vec::new(),
        };
        ev.push(Event::PistolFire {
            firers: cavalry.to_vec(),
            at,
        });
        Some(self.start_combat(s, c, ev))
    }
}
