//! Strength Point losses (12.9a, 14.0): a unit's SP fall, at none it is destroyed, and its
//! army's loss record grows (23.1a; F-1.6a B: two boxes per artillery SP). A destroyed unit
//! takes with it the commanders left alone in its hexes when close combat, pursuit or a failed
//! retreat destroyed it (21.4e; not fire or a failed rally, 21.4f), and leaves its Division
//! and Wing Commanders unemployed when it was their last (21.7).

use alloc::vec::Vec;

use super::Fontenoy;
use super::event::Event;
use super::state::{Place, State};
use super::units::UnitId;

impl Fontenoy {
    /// `unit` loses up to `n` SP (12.9a); at 0 it is destroyed. Returns the SP it lost.
    #[cfg_attr(not(test), allow(dead_code))] // a seam: fire, close combat and checks call it
    pub(crate) fn lose_sp(
        &self,
        s: &mut State,
        unit: UnitId,
        n: u8,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let side = self.units[usize::from(unit)].side;
        let hexes: Vec<crate::hex::Hex> = s
            .unit(unit)
            .placed()
            .map(|p| p.hexes.as_slice().to_vec())
            .unwrap_or_default();
        let u = s.unit_mut(unit);
        let lost = n.min(u.sp);
        if lost == 0 {
            return 0;
        }
        u.sp -= lost;
        let destroyed = u.sp == 0;
        if destroyed {
            u.place = Place::Destroyed;
        }
        let army = &mut s.armies[side.index()];
        army.sp_lost = army.sp_lost.saturating_add(u16::from(lost));
        let boxes = self.loss_boxes(&self.units[usize::from(unit)], lost);
        self.shade(s, unit, boxes);
        ev.push(Event::SpLost {
            unit,
            lost,
            destroyed,
            rule: rule.into(),
        });
        if destroyed {
            self.commanders_die_with(s, unit, &hexes, rule, ev);
            self.unemployed_commanders(s, unit, ev);
        }
        lost
    }
}
