//! F-3.8d Lowendahl's Detachment: it enters the game at a set turn or when the French
//! Perimeter is found breached at a turn's start (A); from an hour later each turn carries a
//! marker, falling from 9, and at the turn's start the French roll a d10 against it (B): the
//! first success lets the cavalry (and Lowendahl, who stays with his Detachment — a reading)
//! onto the map through N1801 that turn, the second the infantry and artillery.
//!
//! Readings: the roll is made as the turn starts, just before the turn's reinforcements are
//! placed (22.1 places them before the Army Morale Check Phase in which the text puts the
//! roll); no roll is made on a turn without a marker (after the "1"). Not built: the Allied
//! exit through the north side of the Bois de Barry and scenario 6's areas X–Z as triggers,
//! and Lowendahl's choice to enter alone on the entry turn (F-3.8d A).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::state::{State, Step};
use super::Arrival;
use crate::data::DataError;

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
}

impl LowendahlRules {
    /// Reads `rules.lowendahl_detachment`; `first` is the scenario's first turn number.
    pub fn read(id: &str, v: &serde_json::Value, first: u32) -> Result<LowendahlRules, DataError> {
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
        Ok(LowendahlRules {
            at_turn,
            on_breach: on.contains(&"perimeter_breached_at_turn_start"),
            markers,
            delay,
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
        match (a.group, &self.scenario_rules.lowendahl) {
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
}
