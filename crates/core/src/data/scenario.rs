//! `scenario` files: which map, counters and charts a scenario uses, its turns, sides, set-up,
//! reinforcements, victory conditions, options and system-specific parameters.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::common::{System, check_header, check_rules, check_unique, one_or_many};
use super::counters::{Counter, CounterSet};
use super::error::{DataError, path};
use super::map::Map;
use super::provenance::{Provenance, check_opt};
use super::value::{Flag, Flags, check_id, check_no_floats};

/// Free system-specific fields (no floats).
pub type Fields = serde_json::Map<String, serde_json::Value>;

/// A scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Always [`super::FORMAT`].
    pub format: String,
    /// Always `"scenario"`.
    pub kind: String,
    /// Id, e.g. `"pg/rossbach"`.
    pub id: String,
    /// The system.
    pub system: System,
    /// Display name as printed.
    pub name: String,
    /// Provenance of the file (inherited by every entry without its own).
    pub provenance: Provenance,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The map id.
    pub map: String,
    /// Counter-set ids.
    pub counters: Vec<String>,
    /// Chart ids the scenario uses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charts: Vec<String>,
    /// The turns played.
    pub turns: Turns,
    /// The sides, in the system's order.
    pub sides: Vec<ScenarioSide>,
    /// Units on the map at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<Placement>,
    /// Units that arrive later.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<Reinforcement>,
    /// Victory conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<VictoryCondition>,
    /// Options the players may choose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ScenarioOption>,
    /// System-specific parameters (activation costs, first player, weather …; no floats).
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub rules: Fields,
    /// A scenario whose source is not wholly known: the facade refuses to start it
    /// ([`Scenario::check_complete`]) unless its provisional completion is chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<Incomplete>,
}

/// What a scenario's source lacks (a scenario named by the rules whose text is lost).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Incomplete {
    /// What is missing, each in words with its rule number (at least one).
    pub missing: Vec<String>,
    /// What other rules say of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known: Vec<String>,
    /// The option (of `options`) that plays the file's provisional completion, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional_option: Option<String>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The turns of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    /// The first turn played.
    pub first: u32,
    /// The last turn played.
    pub last: u32,
    /// Optional labels by turn number (`{"1": "9:00"}`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One side of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSide {
    /// Side id, as counters name it.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its friendly map edges (`"north"` …), if the scenario defines them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub friendly_edges: Vec<String>,
    /// System-specific fields.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub fields: Fields,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A unit placed at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Counter id.
    pub unit: String,
    /// Its hex (or hexes, for units that occupy several).
    #[serde(deserialize_with = "one_or_many::deserialize")]
    pub hex: Vec<String>,
    /// System-specific fields (formation, facing, strength …).
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub fields: Fields,
    /// Overrides the file's provenance for this placement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A unit arriving later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// Counter id.
    pub unit: String,
    /// The turn it arrives.
    pub turn: u32,
    /// Entry hex (or hexes).
    #[serde(
        default,
        deserialize_with = "one_or_many::deserialize",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub hex: Vec<String>,
    /// Or: an entry place of the map (an entry area).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// System-specific fields.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub fields: Fields,
    /// Overrides the file's provenance for this entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A victory condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryCondition {
    /// Id.
    pub id: String,
    /// The condition in words.
    pub text: String,
    /// Rules that define it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Machine-readable parameters (points, hexes, levels …).
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub fields: Fields,
    /// Overrides the file's provenance for this condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

/// An option the players may choose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioOption {
    /// Id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Whether it is on unless the players say otherwise.
    #[serde(default)]
    pub default: bool,
    /// Rules that define it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

const EDGES: [&str; 4] = ["north", "south", "east", "west"];

impl Scenario {
    /// Checks what can be checked without the referenced parts.
    pub(crate) fn check_self(&self) -> Result<(), DataError> {
        check_header(&self.id, self.system, &self.name, &self.provenance)?;
        check_id(&self.map, "map")?;
        if self.counters.is_empty() {
            return Err(DataError::at(
                "counters",
                "a scenario needs at least one counter set",
            ));
        }
        check_unique(
            self.counters.iter().map(String::as_str),
            "counter set",
            |i| path::index("counters", i),
        )?;
        check_unique(self.charts.iter().map(String::as_str), "chart", |i| {
            path::index("charts", i)
        })?;
        if let Some(inc) = &self.incomplete {
            if inc.missing.is_empty() {
                return Err(DataError::at(
                    "incomplete.missing",
                    "an incomplete scenario says what is missing",
                ));
            }
            if let Some(o) = &inc.provisional_option {
                if !self.options.iter().any(|x| x.id == *o) {
                    return Err(DataError::at(
                        "incomplete.provisional_option",
                        format!("{o:?} is not one of the scenario's options"),
                    ));
                }
            }
        }
        if self.turns.first > self.turns.last {
            return Err(DataError::at(
                "turns",
                "the first turn comes after the last",
            ));
        }
        for k in self.turns.labels.keys() {
            let ok = k
                .parse::<u32>()
                .is_ok_and(|t| t >= self.turns.first && t <= self.turns.last);
            if !ok {
                return Err(DataError::at(
                    path::key("turns.labels", k),
                    "label key must be a turn number of the scenario",
                ));
            }
        }
        if self.sides.is_empty() {
            return Err(DataError::at("sides", "a scenario needs its sides"));
        }
        check_unique(self.sides.iter().map(|s| s.id.as_str()), "side", |i| {
            path::key(&path::index("sides", i), "id")
        })?;
        for (i, s) in self.sides.iter().enumerate() {
            let at = path::index("sides", i);
            for (j, e) in s.friendly_edges.iter().enumerate() {
                if !EDGES.contains(&e.as_str()) {
                    return Err(DataError::at(
                        path::index(&path::key(&at, "friendly_edges"), j),
                        format!("{e:?} is not one of {EDGES:?}"),
                    ));
                }
            }
            check_fields(&s.fields, &path::key(&at, "fields"))?;
        }
        for (i, p) in self.setup.iter().enumerate() {
            let at = path::index("setup", i);
            if p.hex.is_empty() {
                return Err(DataError::at(
                    path::key(&at, "hex"),
                    "a placement needs a hex",
                ));
            }
            check_fields(&p.fields, &path::key(&at, "fields"))?;
            check_opt(&p.provenance, &at)?;
        }
        for (i, r) in self.reinforcements.iter().enumerate() {
            let at = path::index("reinforcements", i);
            if r.hex.is_empty() == r.place.is_none() {
                return Err(DataError::at(
                    at,
                    "give either `hex` or `place` for the entry",
                ));
            }
            if r.turn < self.turns.first || r.turn > self.turns.last {
                return Err(DataError::at(
                    path::key(&at, "turn"),
                    format!(
                        "turn {} is outside the scenario's turns {}-{}",
                        r.turn, self.turns.first, self.turns.last
                    ),
                ));
            }
            check_fields(&r.fields, &path::key(&at, "fields"))?;
            check_opt(&r.provenance, &at)?;
        }
        check_unique(
            self.victory.iter().map(|v| v.id.as_str()),
            "victory condition",
            |i| path::key(&path::index("victory", i), "id"),
        )?;
        for (i, v) in self.victory.iter().enumerate() {
            let at = path::index("victory", i);
            check_rules(&v.rules, &path::key(&at, "rules"))?;
            check_fields(&v.fields, &path::key(&at, "fields"))?;
            check_opt(&v.provenance, &at)?;
        }
        check_unique(self.options.iter().map(|o| o.id.as_str()), "option", |i| {
            path::key(&path::index("options", i), "id")
        })?;
        for (i, o) in self.options.iter().enumerate() {
            check_rules(&o.rules, &path::key(&path::index("options", i), "rules"))?;
        }
        check_fields(&self.rules, "rules")
    }

    /// Checks the scenario against its resolved map and counter sets.
    pub(crate) fn check_parts(&self, map: &Map, counters: &[&CounterSet]) -> Result<(), DataError> {
        // Counter ids must be unique across the sets used.
        let mut units: BTreeMap<&str, (&Counter, &str)> = BTreeMap::new();
        for (i, set) in counters.iter().enumerate() {
            for c in &set.counters {
                if let Some((_, other)) = units.insert(c.id.as_str(), (c, set.id.as_str())) {
                    return Err(DataError::at(
                        path::index("counters", i),
                        format!("counter {:?} is in both {other:?} and {:?}", c.id, set.id),
                    ));
                }
            }
        }
        let sides: Vec<&str> = self.sides.iter().map(|s| s.id.as_str()).collect();
        let grid = map
            .hex_grid()
            .map_err(|e| DataError::at("map", format!("map {:?}: {}", map.id, e.message)))?;
        let mut placed: BTreeMap<&str, String> = BTreeMap::new();
        let entries = self
            .setup
            .iter()
            .enumerate()
            .map(|(i, p)| (path::index("setup", i), p.unit.as_str(), &p.hex))
            .chain(
                self.reinforcements
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (path::index("reinforcements", i), r.unit.as_str(), &r.hex)),
            );
        for (at, unit, hexes) in entries {
            let Some((c, _)) = units.get(unit) else {
                return Err(DataError::at(
                    path::key(&at, "unit"),
                    format!(
                        "unknown counter {unit:?}: it is in none of the counter sets {:?}",
                        self.counters
                    ),
                ));
            };
            if !sides.contains(&c.side.as_str()) {
                return Err(DataError::at(
                    path::key(&at, "unit"),
                    format!(
                        "counter {unit:?} belongs to side {:?}, which is not a side of this scenario {sides:?}",
                        c.side
                    ),
                ));
            }
            if let Some(first) = placed.insert(unit, at.clone()) {
                return Err(DataError::at(
                    path::key(&at, "unit"),
                    format!("counter {unit:?} is already placed at {first}"),
                ));
            }
            for (j, h) in hexes.iter().enumerate() {
                let hat = path::key(&at, "hex");
                let hat = if hexes.len() == 1 {
                    hat
                } else {
                    path::index(&hat, j)
                };
                map.check_hex(&grid, h, &hat)?;
            }
        }
        for (i, r) in self.reinforcements.iter().enumerate() {
            if let Some(p) = &r.place {
                if map.place(p).is_none() {
                    return Err(DataError::at(
                        path::key(&path::index("reinforcements", i), "place"),
                        format!("map {:?} has no place {p:?}", map.id),
                    ));
                }
            }
        }
        for (i, e) in map.edges.iter().enumerate() {
            if let Some(s) = &e.friendly_to {
                if !sides.contains(&s.as_str()) {
                    return Err(DataError::at(
                        "map",
                        format!(
                            "map {:?} edges[{i}] is friendly to {s:?}, which is not a side of this scenario {sides:?}",
                            map.id
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// An incomplete scenario ([`Incomplete`]) may be played only with its provisional
    /// completion chosen: its `provisional_option` set to `true` in `rules.options` (where the
    /// facade's `new_game_with_options` puts the players' choices). Otherwise the error names
    /// what is missing.
    pub fn check_complete(&self) -> Result<(), DataError> {
        let Some(inc) = &self.incomplete else {
            return Ok(());
        };
        let chosen = inc.provisional_option.as_ref().is_some_and(|o| {
            self.rules
                .get("options")
                .and_then(|v| v.get(o))
                .and_then(serde_json::Value::as_bool)
                == Some(true)
        });
        if chosen {
            return Ok(());
        }
        let how = match &inc.provisional_option {
            Some(o) => format!(
                "to play its provisional completion (not the published scenario), choose its option `{o}`"
            ),
            None => String::from("no provisional completion exists"),
        };
        Err(DataError::new(
            &self.id,
            "incomplete",
            format!(
                "incomplete scenario: {} lacks {}; {how}",
                self.name,
                inc.missing.join("; ")
            ),
        ))
    }

    /// Every provisional item, with its path.
    pub fn flags(&self) -> Vec<Flag> {
        let mut f = Flags::default();
        f.provenance(Some(&self.provenance), &path::root());
        for (i, p) in self.setup.iter().enumerate() {
            f.provenance(p.provenance.as_ref(), &path::index("setup", i));
        }
        for (i, r) in self.reinforcements.iter().enumerate() {
            f.provenance(r.provenance.as_ref(), &path::index("reinforcements", i));
        }
        for (i, v) in self.victory.iter().enumerate() {
            f.provenance(v.provenance.as_ref(), &path::index("victory", i));
        }
        f.0
    }
}

fn check_fields(fields: &Fields, at: &str) -> Result<(), DataError> {
    for (k, v) in fields {
        check_no_floats(v, &path::key(at, k))?;
    }
    Ok(())
}
