//! The Fontenoy special commanders' limits on activation (F-4.2): Konigsegg, until he
//! succeeds Cumberland, activates only with Austrians (F-4.2b A).

use super::super::Fontenoy;
use super::super::state::{Activation, State};
use super::super::types::Nationality;
use super::super::units::UnitId;

impl Fontenoy {
    /// F-4.2b A: whether Non-Divisional Commander `c` may not join activation `act`:
    /// Konigsegg, not (yet) CinC, joins only an activation with an Austrian Division; F-6.9b:
    /// Louis XV joins no activation of a Special Initiative Result.
    pub(crate) fn special_commander_barred(&self, s: &State, c: UnitId, act: &Activation) -> bool {
        // F-6.9b: Louis XV is never moved by a Special Initiative Result.
        if self.is_king(c) && s.special.act.is_some() {
            return true;
        }
        let info = &self.units[usize::from(c)];
        if !info.id.contains("konigsegg") || s.armies[info.side.index()].cinc == Some(c) {
            return false;
        }
        !act.divisions.iter().any(|&d| {
            self.org.divisions.get(usize::from(d)).is_some_and(|x| {
                x.commander
                    .or_else(|| x.units.first().copied())
                    .is_some_and(|u| {
                        self.units[usize::from(u)].nationality == Nationality::Austrian
                    })
            })
        })
    }

    /// F-4.2b A: whether commander `c` attaches (6.4a) only Austrian units: Konigsegg until he
    /// succeeds as CinC.
    pub(crate) fn attaches_only_austrians(&self, s: &State, c: UnitId) -> bool {
        let info = &self.units[usize::from(c)];
        info.id.contains("konigsegg") && s.armies[info.side.index()].cinc != Some(c)
    }
}
