//! Strength Point losses (12.9a, 14.0): a unit's SP fall, at none it is destroyed, and the army's
//! loss record (23.1a) grows.

use alloc::vec::Vec;

use super::Fontenoy;
use super::event::Event;
use super::state::{Place, State};
use super::units::UnitId;

impl Fontenoy {
    /// `unit` loses up to `n` SP (12.9a); at 0 it is destroyed. Returns the SP it lost.
    pub(crate) fn lose_sp(
        &self,
        s: &mut State,
        unit: UnitId,
        n: u8,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let side = self.units[usize::from(unit)].side;
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
        ev.push(Event::SpLost {
            unit,
            lost,
            destroyed,
            rule: rule.into(),
        });
        lost
    }
}
