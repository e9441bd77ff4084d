//! F-8.1: the special results tables have a column per nationality; a group of Allied
//! nationalities reads the one with the most SP, and on a tie the French player chooses.
//!
//! Reading (docs/coverage/fontenoy.md, F-8.1): the choice is asked once the roll is known to
//! be special (00–09) and only when the tied columns read different results there; the French
//! player picks one of the tied columns (a [`Step::SpecialColumn`] step and
//! [`Action::SpecialColumn`]), for checks and fire alike.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{CheckReq, State, Step};
use super::super::types::Nationality;
use super::super::units::UnitId;
use crate::engine::Illegal;

/// The nationalities in the special results tables' column order.
const COLUMNS: [Nationality; 5] = [
    Nationality::French,
    Nationality::Dutch,
    Nationality::English,
    Nationality::Hanoverian,
    Nationality::Austrian,
];

impl Fontenoy {
    /// F-8.1: the nationalities of `units` tied for the most SP, as bits in the tables' column
    /// order (0 unless two or more are tied).
    pub(crate) fn tied_columns(&self, s: &State, units: &[UnitId]) -> u8 {
        let mut sp = [0u32; 5];
        for &u in units {
            sp[self.units[usize::from(u)].nationality.column()] += u32::from(s.unit(u).sp);
        }
        let best = sp.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return 0;
        }
        let bits = (0..5)
            .filter(|&i| sp[i] == best)
            .fold(0u8, |b, i| b | (1 << i));
        if bits.count_ones() >= 2 { bits } else { 0 }
    }

    /// The nationalities of `tied`, in column order.
    fn tied_list(tied: u8) -> impl Iterator<Item = Nationality> {
        COLUMNS
            .into_iter()
            .enumerate()
            .filter(move |&(i, _)| tied & (1 << i) != 0)
            .map(|(_, n)| n)
    }

    /// F-8.1: when the tied columns of `tied` read different results for `read`, asks the
    /// French player for the column and returns `true`.
    pub(crate) fn ask_column<T: PartialEq>(
        &self,
        s: &mut State,
        roll: u8,
        check: Option<CheckReq>,
        combat: Option<u16>,
        tied: u8,
        read: impl Fn(Nationality) -> T,
    ) -> bool {
        let mut results = Self::tied_list(tied).map(read);
        let Some(first) = results.next() else {
            return false;
        };
        if results.all(|r| r == first) {
            return false;
        }
        s.steps.push(Step::SpecialColumn {
            roll,
            check,
            combat,
            tied,
        });
        true
    }

    /// The French player's choices at a [`Step::SpecialColumn`].
    pub(crate) fn column_actions(tied: u8, out: &mut Vec<Action>) {
        for nationality in Self::tied_list(tied) {
            out.push(Action::SpecialColumn { nationality });
        }
    }

    /// Applies the French player's column (F-8.1) and reads the special result in it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apply_column(
        &self,
        s: &mut State,
        roll: u8,
        check: Option<CheckReq>,
        combat: Option<u16>,
        tied: u8,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::SpecialColumn { nationality } = *a else {
            return Err(Illegal::new(
                "F-8.1",
                format!("{a:?}: the French player chooses a nationality column (SpecialColumn)"),
            ));
        };
        if !Self::tied_list(tied).any(|n| n == nationality) {
            let names: Vec<&str> = Self::tied_list(tied).map(|n| n.as_str()).collect();
            return Err(Illegal::new(
                "F-8.1",
                format!(
                    "the {} column is not one of the tied nationalities ({})",
                    nationality.as_str(),
                    names.join(", ")
                ),
            ));
        }
        ev.push(Event::SpecialColumn { nationality });
        if let Some(req) = check {
            self.take_check_in(s, req, roll, nationality, ev);
        } else if let Some(id) = combat {
            if let Some(c) = self.combat_mut(s, id) {
                c.nationality = nationality;
            }
            self.special_result(s, id, roll, ev);
        }
        Ok(())
    }
}
