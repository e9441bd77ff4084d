//! F-5.2 Fast-Play Fontenoy (option `5.2`, for the whole-battle scenarios 4–7) and the
//! End-of-Turn Number as the options change it (F-5.2a H, F-7.1a C):
//! * F-5.2a A, B, D, F — choosing a Division of a Wing activates every unactivated Division of
//!   the Wing (of a Detachment: every Division of the Detachment); a Division outside any Wing
//!   activates alone; no Wing Activation rolls: the dice never allow a Wing Activation (but
//!   for the delayed Infernal Column, F-7.1a B, which has no other way);
//! * F-5.2a E — French cavalry Divisions are Independent Divisions in the scenarios' data and
//!   activate alone (the rule lets the French player do so);
//! * F-5.2a G — the Special Initiative Results still act on one Division;
//! * F-5.2a H — the EOTN is 9 in scenarios 4–6 and 10 in 7, one less once the Infernal
//!   Column has been declared (a reading: from then on, even after it ends);
//! * F-5.2b — on the last turn no initiative dice; every activation is a Restricted one (6.8:
//!   Road Movement in March Column only), and, the engine having one actor at a time, the
//!   two armies' simultaneous move is read as an alternation: the side that has activated
//!   fewer Divisions this turn goes next, the Allies on a tie (a reading).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::{CommandBy, Event};
use super::super::state::{Act, Activation, State};
use super::super::units::DivId;
use super::super::units::UnitId;
use super::super::{ALLIED, FRENCH, Initiative};
use crate::engine::Side;

impl Fontenoy {
    /// Whether the fast-play option is on (F-5.2).
    pub fn fast_play(&self) -> bool {
        self.option("5.2")
    }

    /// The End-of-Turn Number now (6.1c): the scenario's, or F-5.2a H's; one less while the
    /// Infernal Column lasts in scenarios 4–6 (F-7.1a C: scenario 3's number allows for it),
    /// or under F-5.2 once it has been declared (F-5.2a H).
    pub fn current_eotn(&self, s: &State) -> Option<u8> {
        let base = self.eotn?;
        let n = self.scenario_rules.number;
        let fast = self.fast_play() && (4..=7).contains(&n);
        let eotn = if fast {
            if n == 7 { 10 } else { 9 }
        } else {
            base
        };
        let less = if fast {
            s.infernal.used
        } else {
            s.infernal.column.is_some() && (4..=6).contains(&n)
        };
        Some(if less { eotn.saturating_sub(1) } else { eotn })
    }

    /// F-5.2a A: no Wing Activation by the dice under fast play, but for the delayed Infernal
    /// Column (F-7.1a B).
    pub(crate) fn fast_wing(&self, s: &State, winner: Side, wing: bool) -> bool {
        if self.fast_play() {
            self.column_waits(s, winner)
        } else {
            wing
        }
    }

    /// The Divisions that activate when `side` chooses Division `d` (F-5.2a A, B, D, F): under
    /// fast play its whole Wing (or Detachment), else `d` alone; and the Wing.
    pub(crate) fn fast_divisions(
        &self,
        s: &State,
        side: Side,
        d: DivId,
    ) -> (Vec<DivId>, Option<super::super::units::WingId>) {
        // F-5.4c: an army in Army Retreat activates whole Wings too.
        if !self.fast_play() && !self.retreating(s, side) {
            return (alloc::vec![d], None);
        }
        let open: Vec<DivId> = self.open_divisions(s, side).collect();
        if let Some(x) = self.detachment_of(s, d) {
            // F-5.2a F: a Detachment is a Wing.
            let all = open
                .into_iter()
                .filter(|&e| self.detachment_of(s, e) == Some(x))
                .collect();
            return (all, None);
        }
        match self.org.wing_of(d) {
            Some(w) => {
                let all: Vec<DivId> = open
                    .into_iter()
                    .filter(|&e| {
                        e == d
                            || (self.org.wing_of(e) == Some(w)
                                && self.detachment_of(s, e).is_none())
                    })
                    .collect();
                (all, Some(w))
            }
            None => (alloc::vec![d], None),
        }
    }

    /// F-5.2b: whether this is fast play's last turn, with no dice and Road Movement only.
    pub fn road_turn(&self, s: &State) -> bool {
        let last = usize::from(s.turn) + 1 >= self.turns.len();
        self.fast_play() && last && matches!(self.initiative, Initiative::Rolled)
    }

    /// F-5.2b: who activates next on the last turn of fast play, given which sides have a
    /// Division left: the side that has activated fewer Divisions this turn (the two armies
    /// keep pace, as near to moving at once as one actor at a time allows), the Allies on a
    /// tie (a reading).
    pub(crate) fn road_turn_side(&self, s: &State, open: [bool; 2]) -> Side {
        let done = |side: Side| {
            self.org
                .divisions_of(side)
                .filter(|&d| s.division_done(d))
                .count()
        };
        match open {
            [true, false] => FRENCH,
            [false, true] => ALLIED,
            _ if done(FRENCH) < done(ALLIED) => FRENCH,
            _ => ALLIED,
        }
    }

    /// F-5.4c: the retreating French activate their cavalry Divisions together where they
    /// can: a cavalry Division chosen whose commander may lead a cavalry Wing (F-3.4a) is
    /// activated as his Wing. Its leader, if so.
    pub(crate) fn retreat_cavalry_leader(&self, s: &State, side: Side, d: DivId) -> Option<UnitId> {
        if side != FRENCH || !self.retreating(s, side) || !self.cavalry_division(d) {
            return None;
        }
        let c = self.org.divisions.get(usize::from(d))?.commander?;
        self.cavalry_wing_leaders(s, side).contains(&c).then_some(c)
    }

    /// F-5.4c: whether the retreating French cavalry Wing of activation `act` must still add a
    /// Division (every cavalry Division its leader can take, up to F-3.4a's two, joins it).
    pub(crate) fn retreat_must_add(&self, s: &State, act: &Activation) -> bool {
        act.side == FRENCH
            && act.lead.cavalry.is_some()
            && self.retreating(s, act.side)
            && !self.addable_divisions(s, act).is_empty()
    }

    /// The initiative procedure this turn: F-5.2b's last turn has no dice.
    pub(crate) fn initiative_now(&self, s: &State) -> Initiative {
        if self.road_turn(s) {
            Initiative::Fixed([ALLIED, FRENCH])
        } else {
            self.initiative
        }
    }

    /// F-5.2a C: whether commander `c` is the Wing Commander of the Wing that activation `act`
    /// activates under fast play (he rolls his Initiative when no Line of Command reaches him).
    pub(crate) fn fast_wing_roll_due(&self, s: &State, act: &Activation, c: UnitId) -> bool {
        self.fast_play()
            && act.wing.is_some()
            && self
                .org
                .wing_of_commander
                .get(usize::from(c))
                .copied()
                .flatten()
                == act.wing
            && !act.infernal
            && s.unit(c).act == Act::Active
    }

    /// F-5.2a C: the activated Wing's Commander `c` failed his Initiative: instead of ending
    /// the activation, every commander and unit of the Wing's activated Divisions still
    /// without a status is Out of Command (7.6c).
    pub(crate) fn fast_wing_failed(&self, s: &mut State, c: UnitId, ev: &mut Vec<Event>) {
        let Some(act) = s.activation.clone() else {
            return;
        };
        if !self.fast_wing_roll_due(s, &act, c) {
            return;
        }
        let mut list: Vec<UnitId> = Vec::new();
        for &d in &act.divisions {
            let Some(div) = self.org.divisions.get(usize::from(d)) else {
                continue;
            };
            if div.wing != act.wing {
                continue;
            }
            list.extend(div.commander);
            list.extend(div.units.iter().copied());
        }
        list.sort_unstable();
        for u in list {
            let x = s.unit(u);
            if x.act == Act::Active && x.command.is_none() && x.on_map() {
                self.set_command(s, u, CommandBy::None, ev);
            }
        }
    }
}
