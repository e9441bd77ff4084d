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

impl Fontenoy {
    /// F-4.2b A: whether Konigsegg's grouping rule forbids `group` standing in the hexes of
    /// `p`: with the counters already there, a Konigsegg not (yet) CinC would stand with a
    /// combat unit of his side that is not Austrian.
    pub(crate) fn konigsegg_grouping_barred(
        &self,
        s: &State,
        group: &[UnitId],
        p: &super::super::geometry::Placed,
    ) -> bool {
        let Some(&lead) = group.first() else {
            return false;
        };
        let side = self.units[usize::from(lead)].side;
        let here = |u: UnitId| {
            group.contains(&u)
                || s.unit(u)
                    .placed()
                    .is_some_and(|q| q.hexes.as_slice().iter().any(|h| p.hexes.contains(*h)))
        };
        let mut konigsegg = false;
        let mut foreign = false;
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            if info.side != side || !here(u) {
                continue;
            }
            if info.is_combat() {
                foreign |= info.nationality != Nationality::Austrian;
            } else if self.attaches_only_austrians(s, u) {
                konigsegg = true;
            }
        }
        konigsegg && foreign
    }
}
