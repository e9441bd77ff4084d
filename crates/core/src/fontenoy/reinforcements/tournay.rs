//! Optional rule F-6.6 Tournay (scenarios 4–6). In the Tournay Activation step of the Army
//! Morale Check Phase (F-2.3) the French may call units besieging Tournay; each arrives three
//! turns later through N1801 in Road Column, as a reinforcement (a). In the Tournay Check of
//! every ":00" turn the Allies roll 00–99: a Dutch sortie on 00, the range growing by 2 for each
//! unit withdrawn (b). After a sortie no more units are called, and the French must send off
//! the map, within 6 turns, as many SP as they withdrew — units still on the reinforcement
//! track count at once — or retreat at the start of the next turn (c, F-2.2b).
//!
//! Readings (docs/coverage/fontenoy.md): the Tournay units are the scenario's provisional list
//! (`rules.tournay`), each called on its own and Independent (the Order of Battle's (T)
//! Divisions are not in the text); the units still on the track at a sortie all turn back;
//! "6 turns" are the sortie's turn and the five after it, the Retreat at the start of the
//! seventh; a unit leaves by a Tournay exit (`movement/exit.rs`).

use alloc::format;
use alloc::vec::Vec;

use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Place, State, Step};
use super::super::units::UnitId;
use super::super::{FRENCH, Fontenoy};
use crate::data::DataError;
use crate::engine::Illegal;
use crate::hex::Hex;

/// Tournay as the scenario gives it (`rules.tournay`), when option 6.6 is on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournayRules {
    /// Turns from a call to the arrival (an hour: 3).
    pub delay: u16,
    /// The hexes by which units leave the map toward Tournay (F-6.6c: the west edge north of
    /// the Escaut, and N1801).
    pub exits: Vec<Hex>,
}

impl TournayRules {
    /// Reads `rules.tournay` (its exits checked against `on_map`).
    pub fn read(
        id: &str,
        v: &serde_json::Value,
        on_map: impl Fn(Hex) -> bool,
    ) -> Result<TournayRules, DataError> {
        let delay = v
            .get("delay_turns")
            .and_then(serde_json::Value::as_u64)
            .and_then(|d| u16::try_from(d).ok())
            .unwrap_or(3);
        let mut exits = Vec::new();
        let list = v
            .get("exits")
            .or_else(|| v.get("entry_hex"))
            .cloned()
            .unwrap_or_default();
        let list = match list {
            serde_json::Value::Array(a) => a,
            other => alloc::vec![other],
        };
        for (k, h) in list.iter().enumerate() {
            let hex = h
                .as_str()
                .and_then(super::super::fhex::parse)
                .filter(|&x| on_map(x))
                .ok_or_else(|| {
                    DataError::new(
                        id,
                        format!("rules.tournay.exits[{k}]"),
                        "not a hex of the map",
                    )
                })?;
            if !exits.contains(&hex) {
                exits.push(hex);
            }
        }
        exits.sort();
        Ok(TournayRules { delay, exits })
    }
}

impl Fontenoy {
    /// F-6.6a: the Tournay units the French may still call: at Tournay, not yet called; none
    /// once a sortie has happened (F-6.6c).
    pub fn tournay_callable(&self, s: &State) -> Vec<UnitId> {
        if self.scenario_rules.tournay.is_none() || s.tournay.sortie.is_some() {
            return Vec::new();
        }
        self.scenario_rules
            .arrivals
            .iter()
            .filter(|a| {
                a.tournay
                    && s.unit(a.unit).place == Place::Waiting
                    && s.tournay.called_on(a.unit).is_none()
            })
            .map(|a| a.unit)
            .collect()
    }

    /// F-6.6b: a roll below this is a sortie: 00, and 2 more for each unit withdrawn.
    pub fn sortie_limit(&self, s: &State) -> u8 {
        let n = u16::from(s.tournay.units_out);
        u8::try_from((1 + 2 * n).min(100)).unwrap_or(100)
    }

    /// F-2.3 steps 2 and 3: the Tournay Activation, then on ":00" turns the Tournay Check.
    /// True when a step was pushed (the phase goes on once it is resolved).
    pub(crate) fn tournay_phase(&self, s: &mut State) -> bool {
        if self.scenario_rules.tournay.is_none() {
            return false;
        }
        if s.tournay.activation_done != Some(s.turn) {
            if !self.tournay_callable(s).is_empty() {
                s.steps.push(Step::TournayCall);
                return true;
            }
            s.tournay.activation_done = Some(s.turn);
        }
        if s.tournay.sortie.is_none()
            && s.tournay.checked != Some(s.turn)
            && self.time(s.turn).ends_with(":00")
        {
            s.tournay.checked = Some(s.turn);
            s.steps.push(Step::TournayCheck {
                limit: self.sortie_limit(s),
            });
            return true;
        }
        false
    }

    /// The Tournay Activation's choices (F-6.6a): call a unit, or end the step.
    pub(crate) fn tournay_call_actions(&self, s: &State, out: &mut Vec<Action>) {
        for unit in self.tournay_callable(s) {
            out.push(Action::CallFromTournay { unit });
        }
        out.push(Action::EndTournayCalls);
    }

    /// Applies a Tournay Activation choice (F-6.6a).
    pub(crate) fn apply_tournay_call(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::CallFromTournay { unit } => {
                if !self.tournay_callable(s).contains(&unit) {
                    return Err(Illegal::new(
                        "F-6.6a",
                        format!(
                            "{} is not a unit besieging Tournay that may still be called",
                            self.unit_name(unit)
                        ),
                    ));
                }
                let delay = self.scenario_rules.tournay.as_ref().map_or(3, |t| t.delay);
                s.tournay.called.push((unit, s.turn));
                if self.units[usize::from(unit)].is_combat() {
                    s.tournay.units_out = s.tournay.units_out.saturating_add(1);
                    s.tournay.sp_out = s.tournay.sp_out.saturating_add(u16::from(s.unit(unit).sp));
                }
                ev.push(Event::TournayCalled {
                    unit,
                    arrives: s.turn.saturating_add(delay),
                });
                if self.tournay_callable(s).is_empty() {
                    s.tournay.activation_done = Some(s.turn);
                    self.army_morale_go(s, ev);
                } else {
                    s.steps.push(Step::TournayCall);
                }
                Ok(())
            }
            Action::EndTournayCalls => {
                s.tournay.activation_done = Some(s.turn);
                self.army_morale_go(s, ev);
                Ok(())
            }
            _ => Err(Illegal::new(
                "F-6.6a",
                format!("{a:?}: call a unit from Tournay or end the Tournay Activation"),
            )),
        }
    }

    /// F-6.6b: the Tournay Check's roll `v`; on a sortie the units still on the track turn
    /// back at once (F-6.6c). Then the phase goes on.
    pub(crate) fn tournay_roll(&self, s: &mut State, limit: u8, v: u8, ev: &mut Vec<Event>) {
        let sortie = v < limit;
        ev.push(Event::TournayCheck {
            roll: v,
            limit,
            sortie,
        });
        if sortie {
            s.tournay.sortie = Some(s.turn);
            let on_track: Vec<UnitId> = s
                .tournay
                .called
                .iter()
                .map(|c| c.0)
                .filter(|&u| s.unit(u).place == Place::Waiting)
                .collect();
            for u in on_track {
                self.send_back(s, u, ev);
            }
            self.check_answered(s, ev);
        }
        self.army_morale_go(s, ev);
    }

    /// F-6.6c: `u` goes back toward Tournay: its SP count against the sortie.
    pub(crate) fn send_back(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        if s.tournay.returned.contains(&u) {
            return;
        }
        s.tournay.returned.push(u);
        if self.units[usize::from(u)].is_combat() {
            s.tournay.sp_back = s.tournay.sp_back.saturating_add(u16::from(s.unit(u).sp));
        }
        ev.push(Event::TournaySentBack { unit: u });
    }

    /// F-6.6c: the sortie is answered once as many SP went back as were withdrawn.
    pub(crate) fn check_answered(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.tournay.sortie.is_some()
            && !s.tournay.answered
            && s.tournay.sp_back >= s.tournay.sp_out
        {
            s.tournay.answered = true;
            ev.push(Event::TournayAnswered {
                sp: s.tournay.sp_back,
            });
        }
    }

    /// F-6.6c: a sortie awaits its answer: units may leave the map toward Tournay.
    pub fn sortie_open(&self, s: &State) -> bool {
        s.tournay.sortie.is_some() && !s.tournay.answered
    }

    /// F-6.6c, F-2.2b at a turn's start: six turns after an unanswered sortie the French
    /// retreat.
    pub(crate) fn tournay_retreat(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(t) = s.tournay.sortie {
            if !s.tournay.answered && s.turn >= t.saturating_add(6) && s.result.is_none() {
                self.army_retreat(s, FRENCH, "F-6.6c", ev);
            }
        }
    }
}
