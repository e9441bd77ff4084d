//! 21.0 Commanders: who holds each command now (21.5: a replacement stands in for a lost
//! commander), the bonuses other sections read (21.2b close combat, 21.3 checks), losses
//! ([`losses`]: the Commander Loss Check, wounds, deaths, 21.4e and 21.7), replacements and
//! successions ([`replacement`]: 21.5, 21.6; F-2.5a, F-3.3b, F-4.2), displacement
//! ([`displacement`]: 21.1b), the King's capture ([`king_capture`]: F-6.9c C).

pub mod displacement;
pub mod ingoldsby;
pub mod king;
pub mod king_capture;
pub mod king_send;
pub mod losses;
pub mod replacement;
pub mod special;

use alloc::vec::Vec;

use super::Fontenoy;
use super::event::Event;
use super::state::{State, Step};
use super::units::{DivId, UnitId, WingId};

pub use losses::{Loss, LossCharts};
pub use replacement::{CommanderRules, Successor};

pub use super::state::{FireLoss, LossCause};

impl Fontenoy {
    /// Queues the Commander Loss Check of each commander in `commanders` (21.4), before
    /// anything already pending; the first named is checked first.
    #[cfg_attr(not(test), allow(dead_code))] // a seam: fire, close combat and checks call it
    pub(crate) fn queue_commander_loss(
        &self,
        s: &mut State,
        commanders: &[UnitId],
        cause: LossCause,
        ev: &mut Vec<Event>,
    ) {
        let _ = ev;
        for &c in commanders.iter().rev() {
            if self
                .units
                .get(usize::from(c))
                .is_some_and(|i| !i.is_combat())
                && s.unit(c).on_map()
            {
                s.steps.push(Step::CommanderLoss {
                    commander: c,
                    cause,
                });
            }
        }
    }

    /// The original commander whose office `c` holds as a replacement (21.5), if any.
    pub fn office_of(&self, s: &State, c: UnitId) -> Option<UnitId> {
        s.offices.iter().find(|o| o.holder == c).map(|o| o.office)
    }

    /// Who performs the command of the original commander `office` now: his replacement if he
    /// has one on the map, else he himself on the map unless he was raised to
    /// Commander-in-Chief (F-3.3b); `None` while the office is vacant (21.6c).
    pub fn holder(&self, s: &State, office: UnitId) -> Option<UnitId> {
        if let Some(o) = s.offices.iter().find(|o| o.office == office) {
            return s.unit(o.holder).on_map().then_some(o.holder);
        }
        let side = self.units[usize::from(office)].side;
        let raised = s.armies[side.index()].cinc == Some(office)
            && self.org.armies[side.index()].cinc != Some(office);
        (s.unit(office).on_map() && !raised).then_some(office)
    }

    /// The commander of Division `d` now (21.5).
    pub fn division_commander(&self, s: &State, d: DivId) -> Option<UnitId> {
        self.org
            .divisions
            .get(usize::from(d))
            .and_then(|x| x.commander)
            .and_then(|c| self.holder(s, c))
    }

    /// The Wing Commander of Wing `w` now (21.5, 21.6c: `None` when vacant).
    pub fn wing_commander(&self, s: &State, w: WingId) -> Option<UnitId> {
        self.org
            .wings
            .get(usize::from(w))
            .and_then(|x| x.commander)
            .and_then(|c| self.holder(s, c))
    }

    /// The Division whose commander `c` is (in his own right or as a replacement).
    pub fn commands_division(&self, s: &State, c: UnitId) -> Option<DivId> {
        let o = self.office_of(s, c).unwrap_or(c);
        self.org.division_of.get(usize::from(o)).copied().flatten()
    }

    /// The Wing whose commander `c` is (in his own right or as a replacement).
    pub fn commands_wing(&self, s: &State, c: UnitId) -> Option<WingId> {
        let o = self.office_of(s, c).unwrap_or(c);
        self.org
            .wing_of_commander
            .get(usize::from(o))
            .copied()
            .flatten()
    }

    /// A commander's Command Distance (7.1; F-2.5a: a replacement counter's larger figure when
    /// it stands in for a Wing Commander).
    pub fn command_distance(&self, s: &State, c: UnitId) -> u8 {
        let info = &self.units[usize::from(c)];
        if self.office_of(s, c).is_some() && self.commands_wing(s, c).is_some() {
            return info.wing_command_distance.max(info.command_distance);
        }
        info.command_distance
    }

    /// The friendly commanders grouped with `unit` (in one of its hexes).
    pub fn commanders_grouped(&self, s: &State, unit: UnitId) -> Vec<UnitId> {
        let side = self.units[usize::from(unit)].side;
        let Some(p) = s.unit(unit).placed().copied() else {
            return Vec::new();
        };
        (0..s.units.len() as UnitId)
            .filter(|&c| {
                let info = &self.units[usize::from(c)];
                c != unit
                    && !info.is_combat()
                    && info.side == side
                    && s.unit(c)
                        .placed()
                        .is_some_and(|q| p.hexes.contains(q.hex()))
            })
            .collect()
    }

    /// The commander whose ER Bonus serves a check of `unit` (21.3): of those grouped with it,
    /// the one with the most helpful (lowest) bonus, activated or not; `None` if none.
    pub fn commander_in(&self, s: &State, unit: UnitId) -> Option<UnitId> {
        self.commanders_grouped(s, unit)
            .into_iter()
            .min_by_key(|&c| (self.units[usize::from(c)].er_bonus, c))
    }

    /// The ER Bonus a grouped commander gives `unit`'s Disorder or Morale Check (21.3; 0 when
    /// alone).
    pub fn check_er_bonus(&self, s: &State, unit: UnitId) -> i8 {
        self.commander_in(s, unit)
            .map_or(0, |c| self.units[usize::from(c)].er_bonus)
    }

    /// The Combat Bonus commander `c` may add to his group's Combat Rating (21.2b).
    pub fn combat_bonus(&self, c: UnitId) -> i8 {
        self.units.get(usize::from(c)).map_or(0, |i| i.cc_bonus)
    }
}
