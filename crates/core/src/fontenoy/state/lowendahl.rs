//! The record of Lowendahl's Detachment (F-3.8d): the turn it entered the game, the last turn
//! its entry roll was made, and the turns its two groups were allowed onto the map.

use serde::{Deserialize, Serialize};

/// What Lowendahl's Detachment has done so far (F-3.8d A–B).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LowendahlLog {
    /// The turn index it entered the game (F-3.8d A).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered: Option<u16>,
    /// The last turn index whose entry roll has been made (F-3.8d B: one roll a turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<u16>,
    /// The turn index of the first success: the cavalry (and Lowendahl) appear.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cavalry: Option<u16>,
    /// The turn index of the second success: the infantry and artillery appear.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rest: Option<u16>,
    /// Lowendahl's choice on the entry turn (F-3.8d A): `Some(true)` he enters the map alone
    /// and is a F-3.3f leader from then on; `Some(false)` he stays the Detachment Leader;
    /// `None` not yet asked (read as staying).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alone: Option<bool>,
}

impl LowendahlLog {
    /// Nothing has happened yet.
    pub fn is_empty(&self) -> bool {
        *self == LowendahlLog::default()
    }
}
