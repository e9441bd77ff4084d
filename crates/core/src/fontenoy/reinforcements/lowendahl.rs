//! F-3.8d Lowendahl's Detachment: it enters the game at a set turn or when the French
//! Perimeter is found breached at a turn's start (A); from an hour later each turn carries a
//! marker, falling from 9, and at the turn's start the French roll a d10 against it (B): the
//! first success lets the cavalry (and Lowendahl, who stays with his Detachment — a reading)
//! onto the map through N1801 that turn, the second the infantry and artillery.
//!
//! It also enters the game when an Allied unit leaves the Bois de Barry by its north side
//! (F-3.8d A 1): a step of an Allied combat unit into the map's `bois-de-barry-north-side` (the
//! hexes just beyond the wood's northern edge, provisional like the wood's outline). On the
//! turn it enters the game the French choose (`Action::LowendahlLead`) whether Lowendahl
//! enters the map alone through N1801 that turn, from then on a F-3.3f leader, or stays the
//! Detachment Leader (not a F-3.3f leader; he appears with the cavalry).
//!
//! Readings: the roll is made as the turn starts, just before the turn's reinforcements are
//! placed (22.1 places them before the Army Morale Check Phase in which the text puts the
//! roll); no roll is made on a turn without a marker (after the "1"). An entry in the middle
//! of a turn (the wood's exit) asks the choice at once, and Lowendahl alone is placed at N1801
//! then (or at the next turn's start if the hex is barred, 22.4). Scenario 6's areas X–Z are
//! not built: scenario 6 is not in the text.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::Board;
use super::super::event::Event;
use super::super::state::{Place, State, Step};
use super::super::units::UnitId;
use super::Arrival;
use crate::data::DataError;
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

/// The Detachment's timing, as the scenario gives it (`rules.lowendahl_detachment`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LowendahlRules {
    /// It enters the game at the start of this turn index (12:00, F-3.8d A 2).
    pub at_turn: Option<u16>,
    /// It enters when the Perimeter is breached at a turn's start (F-3.8d A 4, F-6.8).
    pub on_breach: bool,
    /// The markers, from the first marked turn on (9 down to 1).
    pub markers: Vec<u8>,
    /// Turns from its entry to the first marked turn (an hour: 3).
    pub delay: u16,
    /// The hexes beyond the Bois de Barry's north side (F-3.8d A 1): an Allied combat unit
    /// stepping into one brings the Detachment into the game. Empty when not a trigger.
    pub north_side: Vec<Hex>,
}

impl LowendahlRules {
    /// Reads `rules.lowendahl_detachment`; `first` is the scenario's first turn number.
    pub fn read(
        id: &str,
        v: &serde_json::Value,
        first: u32,
        board: &Board,
    ) -> Result<LowendahlRules, DataError> {
        let at = "rules.lowendahl_detachment";
        let on: Vec<&str> = v
            .get("enters_game_on")
            .and_then(serde_json::Value::as_array)
            .map(|a| a.iter().filter_map(serde_json::Value::as_str).collect())
            .unwrap_or_default();
        let at_turn = if on.contains(&"turn_reached") {
            let t = v
                .get("turn_reached")
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| DataError::new(id, format!("{at}.turn_reached"), "a turn number"))?;
            Some(u16::try_from(t.saturating_sub(u64::from(first))).unwrap_or(u16::MAX))
        } else {
            None
        };
        let markers: Vec<u8> = v
            .get("markers")
            .and_then(serde_json::Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_u64().and_then(|m| u8::try_from(m).ok()))
                    .collect()
            })
            .unwrap_or_default();
        if markers.is_empty() {
            return Err(DataError::new(
                id,
                format!("{at}.markers"),
                "the entry markers (9 down to 1) are needed",
            ));
        }
        let delay = v
            .get("first_marker_after_turns")
            .and_then(serde_json::Value::as_u64)
            .and_then(|d| u16::try_from(d).ok())
            .unwrap_or(3);
        let north_side = if on.contains(&"allied_unit_exits_north_side_of_bois_de_barry") {
            let mut h = board
                .place("bois-de-barry-north-side")
                .map(|p| p.hexes.clone())
                .ok_or_else(|| {
                    DataError::new(
                        id,
                        format!("{at}.enters_game_on"),
                        "the map has no place `bois-de-barry-north-side`",
                    )
                })?;
            h.sort_unstable();
            h
        } else {
            Vec::new()
        };
        Ok(LowendahlRules {
            at_turn,
            on_breach: on.contains(&"perimeter_breached_at_turn_start"),
            markers,
            delay,
            north_side,
        })
    }
}

impl Fontenoy {
    /// The turn index `a` arrives on: its scenario turn, or for the Detachment's groups the
    /// turn of the roll that let them appear (F-3.8d B; `None` while not yet).
    pub fn due_turn(&self, s: &State, a: &Arrival) -> Option<u16> {
        if a.tournay {
            // F-6.6a: three turns after the call; F-6.6c: never once sent back.
            if s.tournay.returned.contains(&a.unit) {
                return None;
            }
            let delay = self.scenario_rules.tournay.as_ref().map_or(3, |t| t.delay);
            return s.tournay.called_on(a.unit).map(|t| t.saturating_add(delay));
        }
        // F-10.3e: on its Division's first activation.
        if let Some(d) = a.on_activation {
            return s
                .entry_called
                .iter()
                .find(|&&(x, _)| x == d)
                .map(|&(_, t)| t);
        }
        match (a.group, &self.scenario_rules.lowendahl) {
            // F-3.8d A: Lowendahl alone enters on the turn his Detachment entered the game.
            (Some(_), Some(_))
                if s.lowendahl.alone == Some(true) && self.is_commander(a.unit, "lowendahl") =>
            {
                s.lowendahl.entered
            }
            (Some(0), Some(_)) => s.lowendahl.cavalry,
            (Some(_), Some(_)) => s.lowendahl.rest,
            _ => Some(a.turn),
        }
    }

    /// F-3.8d B: the marker on turn index `turn`, if the Detachment has entered the game and
    /// the turn carries one.
    pub fn lowendahl_marker(&self, s: &State, turn: u16) -> Option<u8> {
        let l = self.scenario_rules.lowendahl.as_ref()?;
        let k = turn.checked_sub(s.lowendahl.entered?.checked_add(l.delay)?)?;
        l.markers.get(usize::from(k)).copied()
    }

    /// F-3.8d A–B at a turn's start: the Detachment enters the game, then this turn's roll is
    /// pushed if one is due (true: the caller waits for it).
    pub(crate) fn lowendahl_turn_start(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(l) = self.scenario_rules.lowendahl.as_ref() else {
            return false;
        };
        if s.lowendahl.entered.is_none()
            && (l.at_turn.is_some_and(|t| s.turn >= t)
                || (l.on_breach && self.perimeter_breached(s)))
        {
            s.lowendahl.entered = Some(s.turn);
            ev.push(Event::LowendahlEnters);
            if self.ask_lowendahl(s, true) {
                return true;
            }
        }
        if s.lowendahl.rest.is_some() || s.lowendahl.rolled == Some(s.turn) {
            return false;
        }
        let Some(marker) = self.lowendahl_marker(s, s.turn) else {
            return false;
        };
        s.lowendahl.rolled = Some(s.turn);
        s.steps.push(Step::Lowendahl { marker });
        true
    }

    /// F-3.8d B: the roll `v` against `marker`; a success lets the next group appear this
    /// turn. Then the turn's start goes on.
    pub(crate) fn lowendahl_roll(&self, s: &mut State, marker: u8, v: u8, ev: &mut Vec<Event>) {
        let group = if v < marker {
            None
        } else if s.lowendahl.cavalry.is_none() {
            s.lowendahl.cavalry = Some(s.turn);
            Some(0)
        } else {
            s.lowendahl.rest = Some(s.turn);
            Some(1)
        };
        ev.push(Event::LowendahlRoll {
            roll: v,
            marker,
            group,
        });
        self.turn_start(s, ev);
    }

    /// Lowendahl, still off the map and with his Detachment.
    fn lowendahl_waiting(&self, s: &State) -> Option<UnitId> {
        self.scenario_rules
            .arrivals
            .iter()
            .map(|a| a.unit)
            .find(|&u| self.is_commander(u, "lowendahl"))
            .filter(|&u| s.unit(u).place == Place::Waiting)
    }

    /// F-3.8d A: the French are asked on the entry turn whether Lowendahl enters alone (when
    /// he is still off the map); whether the question was put.
    fn ask_lowendahl(&self, s: &mut State, at_start: bool) -> bool {
        if s.lowendahl.alone.is_some() || self.lowendahl_waiting(s).is_none() {
            return false;
        }
        s.steps.push(Step::LowendahlLead { at_start });
        true
    }

    /// F-3.8d A 1: after a step of `movers`, an Allied combat unit beyond the Bois de Barry's
    /// north side brings the Detachment into the game now.
    pub(crate) fn note_barry_exit(&self, s: &mut State, movers: &[UnitId], ev: &mut Vec<Event>) {
        let Some(l) = self.scenario_rules.lowendahl.as_ref() else {
            return;
        };
        if l.north_side.is_empty() || s.lowendahl.entered.is_some() {
            return;
        }
        let Some(unit) = movers.iter().copied().find(|&u| {
            let i = &self.units[usize::from(u)];
            i.side == Side(1)
                && i.is_combat()
                && s.unit(u).placed().is_some_and(|p| {
                    p.hexes
                        .as_slice()
                        .iter()
                        .any(|h| l.north_side.binary_search(h).is_ok())
                })
        }) else {
            return;
        };
        s.lowendahl.entered = Some(s.turn);
        ev.push(Event::BarryExit { unit });
        ev.push(Event::LowendahlEnters);
        self.ask_lowendahl(s, false);
    }

    /// Whether Lowendahl leads his Detachment (F-3.8d A: he stayed with it, or has not been
    /// asked yet) and so is no F-3.3f leader.
    pub(crate) fn lowendahl_leads_detachment(&self, s: &State, c: UnitId) -> bool {
        self.scenario_rules.lowendahl.is_some()
            && s.lowendahl.alone != Some(true)
            && self.is_commander(c, "lowendahl")
    }

    /// F-3.8d A: the French choice for Lowendahl. Alone, he is placed at N1801 this turn (at
    /// the turn's start with the other arrivals, or at once in the middle of a turn).
    pub(crate) fn apply_lowendahl_lead(
        &self,
        s: &mut State,
        at_start: bool,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (&Action::LowendahlLead { alone }, Some(low)) = (a, self.lowendahl_waiting(s)) else {
            s.steps.push(Step::LowendahlLead { at_start });
            return Err(Illegal::new(
                "F-3.8d A",
                format!(
                    "{a:?}: the French choose whether Lowendahl enters the map alone (LowendahlLead {{ alone: true }}) or stays with his Detachment (alone: false)"
                ),
            ));
        };
        s.lowendahl.alone = Some(alone);
        ev.push(Event::LowendahlLead {
            commander: low,
            alone,
        });
        if at_start {
            self.turn_start(s, ev);
        } else if alone {
            let mut v = Vec::new();
            self.arrive_actions(s, low, &mut v);
            if !v.is_empty() {
                s.steps.push(Step::Arrive { unit: low });
            }
        }
        Ok(())
    }
}
