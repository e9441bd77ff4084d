//! 23.0 Army Morale: each army's loss record (23.1a; F-1.6a B: a box per infantry or cavalry SP,
//! two per artillery SP, a killed commander's loss value; F-4.3: the Allies keep two records,
//! the Dutch and the rest), the Army Morale Table's columns (23.1b–e) and the checks
//! ([`morale`]): the Army Morale Check Phase on ":00" turns (4.0A), the "00" initiative check
//! (F-2.12) and the Army Retreat they may force (F-2.2a).
//!
//! The scenario's morale tracks (`rules.morale_tracks`) and the charts `army-loss-record`,
//! `army-morale-columns` and `army-morale-table` are read here once.

pub mod morale;
pub mod perimeter;

pub use super::tables::army::{ArmyCharts, Column, Table, TrackDef};

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Fontenoy;
use super::state::State;
use super::types::{Kind, Nationality};
use super::units::{UnitId, UnitInfo};
use crate::data::{Counter, DataError, ResolvedScenario, Value};
use crate::engine::Side;

/// The scenario's army morale rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArmyRules {
    /// The loss records, French first.
    pub tracks: Vec<TrackDef>,
    /// Boxes shaded at the start (F-10.3a G–H, F-10.4a B–C), by track.
    pub start: Vec<u16>,
    /// F-2.12 is in force: a "00" initiative roll calls an Army Morale Check.
    pub double_zero: bool,
    /// F-2.2 is in force: morale of +30 (or +40 for both Allied records) forces a Retreat.
    pub retreat: bool,
    /// F-4.3 is in force: which Allied CinC may spend rating on which record.
    pub allied_split: bool,
}

impl ArmyRules {
    /// Reads `rules.morale_tracks` and `rules.army_loss_at_start` of scenario `id` (`None`:
    /// the series' one record per army).
    pub fn read(
        id: &str,
        tracks: Option<&serde_json::Value>,
        at_start: Option<&serde_json::Value>,
        in_force: &[String],
        s: &ResolvedScenario,
        charts: &ArmyCharts,
    ) -> Result<ArmyRules, DataError> {
        let mut out = ArmyRules {
            double_zero: in_force.iter().any(|r| r == "2.12"),
            retreat: in_force.iter().any(|r| r == "2.2"),
            allied_split: in_force.iter().any(|r| r == "4.3"),
            ..ArmyRules::default()
        };
        let err = |at: String, m: &str| DataError::new(id, at, m.to_string());
        match tracks {
            None => {
                for (side, name) in [(Side(0), "french"), (Side(1), "allied")] {
                    out.tracks.push(TrackDef {
                        id: name.into(),
                        name: name.into(),
                        side,
                        nationalities: if side.0 == 0 {
                            alloc::vec![Nationality::French]
                        } else {
                            alloc::vec![
                                Nationality::English,
                                Nationality::Hanoverian,
                                Nationality::Dutch,
                                Nationality::Austrian
                            ]
                        },
                        applies_to: Vec::new(),
                        table: if side.0 == 0 {
                            Table::French
                        } else {
                            Table::Allied
                        },
                    });
                }
            }
            Some(v) => {
                for (side, key) in [(Side(0), "french"), (Side(1), "allied")] {
                    let list = v
                        .get(key)
                        .and_then(|l| l.as_array())
                        .ok_or_else(|| err(format!("rules.morale_tracks.{key}"), "a list"))?;
                    for (k, t) in list.iter().enumerate() {
                        let at = format!("rules.morale_tracks.{key}[{k}]");
                        let text = |f: &str| t.get(f).and_then(|x| x.as_str());
                        let nats = |f: &str| -> Result<Vec<Nationality>, DataError> {
                            let Some(l) = t.get(f).and_then(|x| x.as_array()) else {
                                return Ok(Vec::new());
                            };
                            l.iter()
                                .map(|n| {
                                    n.as_str().and_then(Nationality::parse).ok_or_else(|| {
                                        err(format!("{at}.{f}"), "unknown nationality")
                                    })
                                })
                                .collect()
                        };
                        let nationalities = nats("nationalities")?;
                        // F-4.3: a record of Dutch losses reads the Dutch table; the French
                        // theirs; the rest the English, Hanoverian and Austrian table.
                        let table = if nationalities.contains(&Nationality::Dutch) {
                            Table::Dutch
                        } else if nationalities.contains(&Nationality::French) {
                            Table::French
                        } else {
                            Table::Allied
                        };
                        out.tracks.push(TrackDef {
                            id: text("id")
                                .ok_or_else(|| err(format!("{at}.id"), "an id"))?
                                .into(),
                            name: text("name").unwrap_or("").into(),
                            side,
                            nationalities,
                            applies_to: nats("results_apply_to")?,
                            table,
                        });
                    }
                }
            }
        }
        out.start = alloc::vec![0; out.tracks.len()];
        if let Some(v) = at_start.filter(|v| !v.is_null()) {
            for key in ["french", "allied"] {
                let Some(e) = v.get(key) else { continue };
                let at = format!("rules.army_loss_at_start.{key}");
                let track = e.get("track").and_then(|t| t.as_str()).unwrap_or(key);
                let k = out
                    .tracks
                    .iter()
                    .position(|t| t.id == track)
                    .ok_or_else(|| err(format!("{at}.track"), "no such morale track"))?;
                let mut boxes = e.get("points").and_then(|p| p.as_u64()).unwrap_or(0);
                // The commanders lost before the start: their loss values (F-2.5b, 21.4b).
                if let Some(list) = e.get("commanders_lost").and_then(|l| l.as_array()) {
                    for c in list {
                        let name = c.as_str().unwrap_or("");
                        let counter: Option<&Counter> =
                            s.counters.iter().find_map(|set| set.counter(name));
                        let counter = counter.ok_or_else(|| {
                            err(format!("{at}.commanders_lost"), "no such counter")
                        })?;
                        let pts = counter
                            .values
                            .get("loss_points")
                            .and_then(|c| c.value.as_ref())
                            .and_then(Value::as_int)
                            .unwrap_or(0);
                        boxes += u64::try_from(pts.max(0)).unwrap_or(0)
                            * u64::from(charts.per_commander_point);
                    }
                }
                out.start[k] = u16::try_from(boxes).unwrap_or(u16::MAX);
            }
        }
        Ok(out)
    }

    /// The track recording losses of a unit of `side` and nationality `n`.
    pub fn track_of(&self, side: Side, n: Nationality) -> Option<usize> {
        self.tracks
            .iter()
            .position(|t| t.side == side && t.nationalities.contains(&n))
    }
}

impl Fontenoy {
    /// The morale track recording `unit`'s losses (23.1a, F-4.3), if the army keeps one.
    pub fn track_of(&self, unit: UnitId) -> Option<usize> {
        let info = self.units.get(usize::from(unit))?;
        self.scenario_rules
            .army
            .track_of(info.side, info.nationality)
    }

    /// The boxes a loss of `sp` SP of `info` shades (F-1.6a B).
    pub fn loss_boxes(&self, info: &UnitInfo, sp: u8) -> u16 {
        let w = &self.tables.army.per_sp;
        // F-7.5d: the regimental guns are not on the Loss Charts.
        if info.regimental_gun() {
            return 0;
        }
        let per = match info.kind {
            Kind::Infantry => w[0],
            Kind::Cavalry => w[1],
            Kind::Artillery => w[2],
            Kind::Commander => 0,
        };
        per.saturating_mul(u16::from(sp))
    }

    /// Shades `boxes` on the record of `unit`'s army (23.1a).
    pub(crate) fn shade(&self, s: &mut State, unit: UnitId, boxes: u16) {
        if let Some(t) = self.track_of(unit) {
            if let Some(tr) = s.tracks.get_mut(t) {
                tr.boxes = tr.boxes.saturating_add(boxes);
            }
        }
    }

    /// The Army Morale Modifier that applies to `unit`'s Morale Checks (19.8g, 23.2a): its
    /// record's, unless the scenario exempts its nationality (F-10.2a E).
    pub fn army_morale_modifier(&self, s: &State, unit: UnitId) -> u8 {
        let Some(t) = self.track_of(unit) else {
            return 0;
        };
        let def = &self.scenario_rules.army.tracks[t];
        let n = self.units[usize::from(unit)].nationality;
        if !def.applies_to.is_empty() && !def.applies_to.contains(&n) {
            return 0;
        }
        s.tracks.get(t).map_or(0, |x| x.modifier)
    }

    /// The Current Loss Total of track `t` (23.1a): its boxes and the SP now Routed.
    pub fn current_loss_total(&self, s: &State, t: usize) -> u16 {
        let boxes = s.tracks.get(t).map_or(0, |x| x.boxes);
        let mut routed: u16 = 0;
        for (i, u) in s.units.iter().enumerate() {
            if u.morale == super::types::Morale::Routed && u.on_map() {
                let info = &self.units[i];
                if self.track_of(i as UnitId) == Some(t) {
                    routed = routed.saturating_add(self.loss_boxes(info, u.sp));
                }
            }
        }
        boxes.saturating_add(routed)
    }
}
