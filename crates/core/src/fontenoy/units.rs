//! The counters (5.0, F-1.5, F-3.1, F-4.1) and the armies' organisation (5.0, F-10.0b): every
//! combat unit's and commander's printed values, read once from the scenario's counter sets,
//! and the Divisions, Wings and Independents of the scenario's Order of Battle.
//!
//! The printed values are not in the text; the counter files mark each one's provenance
//! (docs/fontenoy-scenarios.md), and these tables only read them.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Deserialize;

use super::types::{Kind, Nationality};
use crate::data::{Counter, DataError, Value};
use crate::engine::Side;

/// A counter's index in the scenario's counter list.
pub type UnitId = u16;

/// A Division's index in [`Org::divisions`].
pub type DivId = u16;

/// A Wing's index in [`Org::wings`].
pub type WingId = u16;

/// What a skirmisher may do (8.1g).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Skirmish {
    /// Never skirmishes.
    #[default]
    No,
    /// May form Skirmish order (8.4h).
    Capable,
    /// Always in Skirmish order (a "Skirmished" unit, 8.1g).
    Always,
}

/// How artillery moves by hand (11.6, F-2.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ByHand {
    /// Cannot (French 8-, 12-, 16-pdr).
    #[default]
    No,
    /// "P": only if it did not fire in the activation's Fire Combat Segment.
    P,
    /// "FP": fire and move by hand.
    Fp,
    /// "FP2" (F-3.7a): fire, then 2 by-hand MP.
    Fp2,
}

/// One counter's fixed facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// The counter id of the data files (`fr-1-gfr`).
    pub id: String,
    /// The code as printed (`1 GFR`, `CAR b`, `4 LB #7`, `de Saxe`).
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Infantry, cavalry, artillery or commander.
    pub kind: Kind,
    /// Its nationality (F-1.6e, F-4.1).
    pub nationality: Nationality,
    /// The French fleur-de-lis colour (F-3.2a: Irish, Scots, ... ; `None` unknown or not French).
    pub tag: Option<String>,
    /// Light cavalry (F-3.1c: charge range 2, retreats before any but light cavalry).
    pub light: bool,
    /// The class as the counter file names it (`line`, `guards`, `grenadiers`, ...).
    pub class: String,
    /// The regiment, for Regimental Integrity (6.2).
    pub regiment: Option<String>,
    /// Printed Strength Points.
    pub sp: u8,
    /// Printed Movement Points.
    pub mp: u8,
    /// Efficiency Rating (18.1a, 19.1a: a check passes on 00–99 at or above it).
    pub er: u8,
    /// Combat Rating (13.11b).
    pub cr: i8,
    /// Skirmish ability (8.1g).
    pub skirmish: Skirmish,
    /// Cavalry charge range in hexes (13.1e; F-3.1c, F-4.1e).
    pub charge_range: u8,
    /// Artillery calibre as printed (`4`, `4S`, `8`, `howitzer`).
    pub caliber: Option<String>,
    /// Artillery movement by hand (F-2.11).
    pub by_hand: ByHand,
    /// An optional unit (F-1.6a asterisk, F-7.3).
    pub optional: bool,
    /// Commanders: the printed rank (`LG`, `MDC`, `B`, ...).
    pub rank: Option<String>,
    /// Commanders: Command Distance (7.1).
    pub command_distance: u8,
    /// Replacement counters: the Command Distance when replacing a Wing Commander (F-2.5a A).
    pub wing_command_distance: u8,
    /// Commanders: Initiative Rating (7.4a: a d10 at or below it passes).
    pub initiative: u8,
    /// Commanders: close combat bonus (13.11c, 21.2b).
    pub cc_bonus: i8,
    /// Commanders: ER modifier given to checks (19.8d, 21.3; negative helps).
    pub er_bonus: i8,
    /// Commanders: loss value on the Army Morale Loss Track (F-2.5b).
    pub loss_points: u8,
    /// Army commanders: Command Rating (6.1a).
    pub command_rating: Option<i8>,
    /// Army commanders: Wing Activation Number (6.5a).
    pub wan: Option<u8>,
    /// F-4.1e I: one of the two English 6-pounders that never form Road Column (unless
    /// optional F-7.4).
    pub no_road_column: bool,
}

impl UnitInfo {
    /// Whether it is a combat unit (not a commander).
    pub fn is_combat(&self) -> bool {
        self.kind != Kind::Commander
    }

    /// F-7.5: an English regimental gun (the only optional English artillery counters).
    pub fn regimental_gun(&self) -> bool {
        self.kind == Kind::Artillery && self.optional && self.nationality == Nationality::English
    }

    /// Reads counter `c` of set `set`, on side `side`.
    pub fn from_counter(set: &str, c: &Counter, side: Side) -> Result<UnitInfo, DataError> {
        let at = |field: &str| format!("counters.{}.values.{field}", c.id);
        let kind = match c.unit_type.as_str() {
            "infantry" => Kind::Infantry,
            "cavalry" => Kind::Cavalry,
            "artillery" => Kind::Artillery,
            "commander" => Kind::Commander,
            other => {
                return Err(DataError::new(
                    set,
                    format!("counters.{}.type", c.id),
                    format!(
                        "`{other}` is not a fontenoy counter type (infantry, cavalry, artillery, commander)"
                    ),
                ));
            }
        };
        let value = |field: &str| -> Option<&Value> {
            c.values.get(field).and_then(|cell| cell.value.as_ref())
        };
        let missing = |field: &str| {
            DataError::new(
                set,
                at(field),
                format!(
                    "the fontenoy rules need {}'s `{field}`, and it is missing",
                    c.id
                ),
            )
        };
        let int = |field: &str, need: bool| -> Result<Option<i64>, DataError> {
            match value(field) {
                Some(v) => v
                    .as_int()
                    .map(Some)
                    .ok_or_else(|| DataError::new(set, at(field), "expected an integer")),
                None if need => Err(missing(field)),
                None => Ok(None),
            }
        };
        let text = |field: &str| -> Option<String> {
            value(field)
                .and_then(|v| v.as_str())
                .map(ToString::to_string)
        };
        let ranged = |field: &str, v: i64, lo: i64, hi: i64| -> Result<i64, DataError> {
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(DataError::new(
                    set,
                    at(field),
                    format!("{v} is outside {lo}..={hi}"),
                ))
            }
        };
        let nationality = text("nationality")
            .and_then(|s| Nationality::parse(&s))
            .ok_or_else(|| {
                DataError::new(
                    set,
                    at("nationality"),
                    "expected french, english, hanoverian, dutch or austrian",
                )
            })?;
        let combat = kind != Kind::Commander;
        let get = |field: &str, lo: i64, hi: i64| -> Result<i64, DataError> {
            match int(field, combat)? {
                Some(v) => ranged(field, v, lo, hi),
                None => Ok(0),
            }
        };
        let sp = get("sp", 0, 60)? as u8;
        let mp = get("mp", 0, 20)? as u8;
        let er = get("er", 0, 99)? as u8;
        let cr = get("cr", -9, 9)? as i8;
        let class = text("class").unwrap_or_default();
        let skirmish = match text("skirmish").as_deref() {
            None | Some("none") => Skirmish::No,
            Some("capable") => Skirmish::Capable,
            Some("skirmished") => Skirmish::Always,
            Some(other) => {
                return Err(DataError::new(
                    set,
                    at("skirmish"),
                    format!("`{other}`: expected none, capable or skirmished"),
                ));
            }
        };
        let by_hand = match text("by_hand").as_deref() {
            None | Some("none") => ByHand::No,
            Some("P") => ByHand::P,
            Some("FP") => ByHand::Fp,
            Some("FP2") => ByHand::Fp2,
            Some(other) => {
                return Err(DataError::new(
                    set,
                    at("by_hand"),
                    format!("`{other}`: expected none, P, FP or FP2"),
                ));
            }
        };
        let opt_int = |field: &str, lo: i64, hi: i64| -> Result<Option<i64>, DataError> {
            int(field, false)?
                .map(|v| ranged(field, v, lo, hi))
                .transpose()
        };
        let commander = kind == Kind::Commander;
        let cmd = |field: &str, lo: i64, hi: i64| -> Result<i64, DataError> {
            match int(field, commander)? {
                Some(v) => ranged(field, v, lo, hi),
                None => Ok(0),
            }
        };
        Ok(UnitInfo {
            id: c.id.clone(),
            name: c.name.clone().unwrap_or_else(|| c.id.clone()),
            side,
            kind,
            nationality,
            tag: text("tag"),
            light: class == "light_cavalry",
            class,
            regiment: text("regiment"),
            sp,
            mp,
            er,
            cr,
            skirmish,
            charge_range: opt_int("charge_range", 0, 9)?.unwrap_or(0) as u8,
            caliber: text("caliber"),
            by_hand,
            optional: matches!(value("optional"), Some(Value::Bool(true))),
            rank: text("rank"),
            command_distance: cmd("command_distance", 0, 30)? as u8,
            wing_command_distance: opt_int("wing_command_distance", 0, 30)?.unwrap_or(0) as u8,
            initiative: cmd("initiative", 0, 9)? as u8,
            cc_bonus: opt_int("cc_bonus", -9, 9)?.unwrap_or(0) as i8,
            er_bonus: opt_int("er_bonus", -30, 30)?.unwrap_or(0) as i8,
            loss_points: opt_int("loss_points", 0, 99)?.unwrap_or(0) as u8,
            command_rating: opt_int("command_rating", -9, 9)?.map(|v| v as i8),
            wan: opt_int("wan", 0, 10)?.map(|v| v as u8),
            no_road_column: matches!(value("no_road_column"), Some(Value::Bool(true))),
        })
    }
}

/// A Division (5.0): its commander and combat units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Division {
    /// Its id in the scenario (`piemont`).
    pub id: String,
    /// Its name as printed (`Piémont Brigade`).
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its Division Commander, if the scenario has one on the map.
    pub commander: Option<UnitId>,
    /// Its combat units.
    pub units: Vec<UnitId>,
    /// The Wing it belongs to (6.5), or `None` when directly under the army commander.
    pub wing: Option<WingId>,
    /// A Flexible Division (F-2.1): each unit may also activate as an Independent.
    pub flexible: bool,
}

/// A Wing (5.0, 6.5): a Wing Commander and two or more Divisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wing {
    /// Its id in the scenario.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// The Wing Commander, if on the map.
    pub commander: Option<UnitId>,
    /// Its Divisions.
    pub divisions: Vec<DivId>,
}

/// One army's command structure (5.0, 6.1a, 6.5a).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Army {
    /// The Commander-in-Chief, if the scenario has one (F-10.1: none in scenario 1).
    pub cinc: Option<UnitId>,
    /// The CinC's Command Rating (6.1a), after the scenario's overrides.
    pub command_rating: i8,
    /// The CinC's Wing Activation Number (6.5a).
    pub wan: u8,
    /// Independent combat units (5.0, 6.6).
    pub independents: Vec<UnitId>,
    /// Special Commanders (6.6f).
    pub special: Vec<UnitId>,
}

/// The organisation of both armies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Org {
    /// Every Division of both sides.
    pub divisions: Vec<Division>,
    /// Every Wing of both sides.
    pub wings: Vec<Wing>,
    /// The armies, by side.
    pub armies: [Army; 2],
    /// The Division of each counter (combat units and Division Commanders), by [`UnitId`].
    pub division_of: Vec<Option<DivId>>,
    /// The Wing each Wing Commander commands, by [`UnitId`].
    pub wing_of_commander: Vec<Option<WingId>>,
    /// The units that may split into subunits (8.5), from the scenario's `parent_units`.
    pub parents: Vec<Parent>,
}

/// A parent unit and the subunits it splits into (8.5): never on the map together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parent {
    /// The parent unit.
    pub parent: UnitId,
    /// Its subunits, in the order they take its SP (8.5a: as evenly as possible).
    pub subunits: Vec<UnitId>,
}

/// A parent unit as written in a scenario file (8.5).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawParent {
    /// The parent unit's counter id.
    pub parent: String,
    /// Its subunits' counter ids.
    pub subunits: Vec<String>,
}

impl Org {
    /// Whether `u` is an Independent combat unit (5.0).
    pub fn independent(&self, u: UnitId) -> bool {
        self.division_of
            .get(usize::from(u))
            .is_some_and(|d| d.is_none())
    }

    /// The Wing of Division `d`.
    pub fn wing_of(&self, d: DivId) -> Option<WingId> {
        self.divisions.get(usize::from(d)).and_then(|d| d.wing)
    }

    /// The Divisions of `side`, in scenario order.
    pub fn divisions_of(&self, side: Side) -> impl Iterator<Item = DivId> + '_ {
        self.divisions
            .iter()
            .enumerate()
            .filter(move |(_, d)| d.side == side)
            .map(|(i, _)| i as DivId)
    }
}

/// The scenario's `rules.organisation` for one side, as written in the scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSideOrg {
    /// The CinC's counter id.
    #[serde(default)]
    pub cinc: Option<String>,
    /// The Wings.
    #[serde(default)]
    pub wings: Vec<RawWing>,
    /// The Divisions.
    #[serde(default)]
    pub divisions: Vec<RawDivision>,
    /// Independent combat units.
    #[serde(default)]
    pub independent_units: Vec<String>,
    /// Special Commanders.
    #[serde(default)]
    pub special_commanders: Vec<String>,
    /// The units that may split into subunits (8.5: the scenario rules list them).
    #[serde(default)]
    pub parent_units: Vec<RawParent>,
}

/// A Wing as written in a scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawWing {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The Wing Commander's counter id.
    #[serde(default)]
    pub commander: Option<String>,
    /// Its Divisions' ids.
    pub divisions: Vec<String>,
    /// A remark.
    #[serde(default)]
    pub note: Option<String>,
}

/// A Division as written in a scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDivision {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The Division Commander's counter id.
    #[serde(default)]
    pub commander: Option<String>,
    /// Its combat units' counter ids.
    pub units: Vec<String>,
    /// A Flexible Division (F-2.1).
    #[serde(default)]
    pub flexible: bool,
    /// A Division directly under the CinC (no Wing).
    #[serde(default)]
    pub independent: bool,
    /// A remark.
    #[serde(default)]
    pub note: Option<String>,
}

/// Builds the organisation of both sides from the scenario's `rules.organisation` (`raw[side]`)
/// over the counters `units`; `scenario` names the file in errors.
pub fn build_org(
    scenario: &str,
    units: &[UnitInfo],
    raw: [&RawSideOrg; 2],
) -> Result<Org, DataError> {
    let find = |at: &str, id: &str, side: Side| -> Result<UnitId, DataError> {
        let i = units.iter().position(|u| u.id == id).ok_or_else(|| {
            DataError::new(
                scenario,
                at,
                format!("no counter `{id}` in the scenario's counter sets"),
            )
        })?;
        if units[i].side != side {
            return Err(DataError::new(
                scenario,
                at,
                format!("counter `{id}` belongs to the other side"),
            ));
        }
        Ok(i as UnitId)
    };
    let mut org = Org {
        division_of: alloc::vec![None; units.len()],
        wing_of_commander: alloc::vec![None; units.len()],
        ..Org::default()
    };
    for (s, r) in raw.iter().enumerate() {
        let side = Side(s as u8);
        let base = format!(
            "rules.organisation.{}",
            if s == 0 { "french" } else { "allied" }
        );
        // 8.5: parent units and their subunits.
        for (k, p) in r.parent_units.iter().enumerate() {
            let at = format!("{base}.parent_units[{k}]");
            let parent = find(&format!("{at}.parent"), &p.parent, side)?;
            let mut subunits = Vec::with_capacity(p.subunits.len());
            for (j, x) in p.subunits.iter().enumerate() {
                subunits.push(find(&format!("{at}.subunits[{j}]"), x, side)?);
            }
            if subunits.len() < 2 {
                return Err(DataError::new(
                    scenario,
                    at,
                    "a parent unit splits into two or more subunits (8.5)",
                ));
            }
            org.parents.push(Parent { parent, subunits });
        }
        let first_div = org.divisions.len();
        for (k, d) in r.divisions.iter().enumerate() {
            let at = format!("{base}.divisions[{k}]");
            let commander = match &d.commander {
                Some(c) => Some(find(&format!("{at}.commander"), c, side)?),
                None => None,
            };
            let mut list = Vec::with_capacity(d.units.len());
            for (j, u) in d.units.iter().enumerate() {
                let id = find(&format!("{at}.units[{j}]"), u, side)?;
                if units[usize::from(id)].kind == Kind::Commander {
                    return Err(DataError::new(
                        scenario,
                        format!("{at}.units[{j}]"),
                        format!("`{u}` is a commander, not a combat unit"),
                    ));
                }
                if org.division_of[usize::from(id)].is_some() {
                    return Err(DataError::new(
                        scenario,
                        format!("{at}.units[{j}]"),
                        format!("`{u}` is already in another Division"),
                    ));
                }
                org.division_of[usize::from(id)] = Some(org.divisions.len() as DivId);
                list.push(id);
            }
            if let Some(c) = commander {
                org.division_of[usize::from(c)] = Some(org.divisions.len() as DivId);
            }
            if org.divisions[first_div..].iter().any(|x| x.id == d.id) {
                return Err(DataError::new(
                    scenario,
                    format!("{at}.id"),
                    format!("Division `{}` is listed twice", d.id),
                ));
            }
            org.divisions.push(Division {
                id: d.id.clone(),
                name: d.name.clone(),
                side,
                commander,
                units: list,
                wing: None,
                flexible: d.flexible,
            });
        }
        for (k, w) in r.wings.iter().enumerate() {
            let at = format!("{base}.wings[{k}]");
            let commander = match &w.commander {
                Some(c) => Some(find(&format!("{at}.commander"), c, side)?),
                None => None,
            };
            let wid = org.wings.len() as WingId;
            let mut divs = Vec::new();
            for (j, d) in w.divisions.iter().enumerate() {
                let i = org.divisions[first_div..]
                    .iter()
                    .position(|x| &x.id == d)
                    .ok_or_else(|| {
                        DataError::new(
                            scenario,
                            format!("{at}.divisions[{j}]"),
                            format!("no Division `{d}` on this side"),
                        )
                    })?
                    + first_div;
                if org.divisions[i].wing.is_some() {
                    return Err(DataError::new(
                        scenario,
                        format!("{at}.divisions[{j}]"),
                        format!("Division `{d}` is already in a Wing"),
                    ));
                }
                org.divisions[i].wing = Some(wid);
                divs.push(i as DivId);
            }
            if let Some(c) = commander {
                org.wing_of_commander[usize::from(c)] = Some(wid);
            }
            org.wings.push(Wing {
                id: w.id.clone(),
                name: w.name.clone(),
                side,
                commander,
                divisions: divs,
            });
        }
        let army = &mut org.armies[s];
        if let Some(c) = &r.cinc {
            let id = find(&format!("{base}.cinc"), c, side)?;
            army.cinc = Some(id);
            let info = &units[usize::from(id)];
            army.command_rating = info.command_rating.unwrap_or(0);
            army.wan = info.wan.unwrap_or(10);
        }
        for (j, u) in r.independent_units.iter().enumerate() {
            let id = find(&format!("{base}.independent_units[{j}]"), u, side)?;
            if org.division_of[usize::from(id)].is_some() {
                return Err(DataError::new(
                    scenario,
                    format!("{base}.independent_units[{j}]"),
                    format!("`{u}` is in a Division, so it is not Independent"),
                ));
            }
            army.independents.push(id);
        }
        for (j, u) in r.special_commanders.iter().enumerate() {
            let id = find(&format!("{base}.special_commanders[{j}]"), u, side)?;
            army.special.push(id);
        }
    }
    Ok(org)
}
