//! The counter manifest (¶12–¶17, §15–§25, §66): every leader's ratings, every combat unit's
//! maximum strength, type, nationality and Subordination Value, the vedettes and the garrison
//! markers, read once from the scenario's counter sets. The manifest itself is not in the
//! text; the counter files mark each value's provenance (docs/hov-scenarios.md), and these
//! tables only read them.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::state::{GarrisonId, LeaderId, UnitId, VedetteId};
use super::types::{Arm, COALITION, FRENCH, Guard, Nationality, Ratings};
use crate::data::{Counter, CounterSet, DataError, Value};
use crate::engine::Side;

/// A leader's printed facts (§17, §21, ¶17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderInfo {
    /// The counter id of the data files (`F-davout`).
    pub id: String,
    /// The name printed.
    pub name: String,
    /// His side.
    pub side: Side,
    /// His nationality (§18).
    pub nationality: Nationality,
    /// Initiative / Subordination / Command Span and bonus (§17).
    pub ratings: Ratings,
    /// A Major General, infantry or cavalry (§21, ¶68); never unemployed (¶72).
    pub mg: Option<Arm>,
}

/// A combat unit's printed facts (¶13–¶16, §15, §19, §22, §198).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// The counter id (`F-III`).
    pub id: String,
    /// The name printed (the commanding officer, ¶14).
    pub name: String,
    /// The designation printed (`III`, `IG`, `4`), if any.
    pub code: Option<String>,
    /// Its side.
    pub side: Side,
    /// Its nationality (§18).
    pub nationality: Nationality,
    /// Infantry, cavalry or artillery (¶15).
    pub arm: Arm,
    /// Its Maximum Strength (¶13).
    pub max: u8,
    /// Its Subordination Value: the Command Span it takes (¶16, ¶25).
    pub sv: u8,
    /// Old or Young Guard, or line (¶140).
    pub guard: Guard,
    /// The corps counter this division substitutes for (§19).
    pub organic: Option<UnitId>,
    /// The unitary formation whose counters share a track (§198).
    pub formation: Option<String>,
    /// The leader whose eponymous unit this is (§22).
    pub eponymous: Option<LeaderId>,
}

/// A vedette's printed facts (§66, §68, §80).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VedetteInfo {
    /// The counter id.
    pub id: String,
    /// The name printed.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its nationality.
    pub nationality: Nationality,
    /// Cavalry (MA 7) or infantry (MA 4, §68).
    pub cavalry: bool,
    /// A Cossack vedette (§80).
    pub cossack: bool,
    /// A Freikorps vedette (§80).
    pub freikorps: bool,
}

/// A garrison marker's printed facts (§23–§24, §51).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GarrisonInfo {
    /// The counter id.
    pub id: String,
    /// The name printed.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its nationality.
    pub nationality: Nationality,
    /// The town it is named for (§51), if any.
    pub town: Option<String>,
    /// Its printed strength (§24).
    pub strength: u8,
}

/// A counter of the manifest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// A leader.
    Leader(LeaderId),
    /// A combat unit.
    Unit(UnitId),
    /// A vedette.
    Vedette(VedetteId),
    /// A garrison marker.
    Garrison(GarrisonId),
}

/// Every counter of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// Leaders, by [`LeaderId`].
    pub leaders: Vec<LeaderInfo>,
    /// Combat units, by [`UnitId`].
    pub units: Vec<UnitInfo>,
    /// Vedettes, by [`VedetteId`].
    pub vedettes: Vec<VedetteInfo>,
    /// Garrison markers, by [`GarrisonId`].
    pub garrisons: Vec<GarrisonInfo>,
    by_id: BTreeMap<String, Piece>,
}

impl Manifest {
    /// The counter with this id.
    pub fn piece(&self, id: &str) -> Option<Piece> {
        self.by_id.get(id).copied()
    }

    /// The leader with this id.
    pub fn leader(&self, id: &str) -> Option<LeaderId> {
        match self.piece(id)? {
            Piece::Leader(l) => Some(l),
            _ => None,
        }
    }

    /// The combat unit with this id.
    pub fn unit(&self, id: &str) -> Option<UnitId> {
        match self.piece(id)? {
            Piece::Unit(u) => Some(u),
            _ => None,
        }
    }

    /// Reads the counter sets of a scenario; the side of a counter is its `side` field,
    /// `french` or `coalition`.
    pub fn read(sets: &[CounterSet]) -> Result<Manifest, DataError> {
        let mut m = Manifest::default();
        // Units name their corps and leader by id: read every counter first, then link.
        let mut links: Vec<(UnitId, String, Option<String>, Option<String>)> = Vec::new();
        for set in sets {
            for c in &set.counters {
                let r = Reader { set: &set.id, c };
                let side = match c.side.as_str() {
                    "french" => FRENCH,
                    "coalition" => COALITION,
                    other => {
                        return Err(r.err(
                            "side",
                            format!("`{other}`: a hov counter is french or coalition"),
                        ));
                    }
                };
                let nationality = r.nationality()?;
                if nationality.side() != side {
                    return Err(r.err(
                        "values.nationality",
                        format!("{nationality:?} counters are not on the {} side", c.side),
                    ));
                }
                let name = c.name.clone().unwrap_or_else(|| c.id.clone());
                let piece = match c.unit_type.as_str() {
                    "leader" => {
                        let ratings = Ratings {
                            initiative: r.int("initiative", 1, 6)?,
                            subordination: r.int("subordination", 0, 4)?,
                            span: r.int("span", 0, 12)?,
                            bonus: r.int("bonus", 0, 1)?,
                        };
                        let mg = match r.text("major_general").as_deref() {
                            None => None,
                            Some("infantry") => Some(Arm::Infantry),
                            Some("cavalry") => Some(Arm::Cavalry),
                            Some(other) => {
                                return Err(r.err(
                                    "values.major_general",
                                    format!("`{other}`: expected infantry or cavalry"),
                                ));
                            }
                        };
                        m.leaders.push(LeaderInfo {
                            id: c.id.clone(),
                            name,
                            side,
                            nationality,
                            ratings,
                            mg,
                        });
                        Piece::Leader((m.leaders.len() - 1) as LeaderId)
                    }
                    "infantry" | "cavalry" | "artillery" => {
                        let arm = match c.unit_type.as_str() {
                            "infantry" => Arm::Infantry,
                            "cavalry" => Arm::Cavalry,
                            _ => Arm::Artillery,
                        };
                        let guard = match r.text("guard").as_deref() {
                            None | Some("line") => Guard::Line,
                            Some("young") => Guard::Young,
                            Some("old") => Guard::Old,
                            Some(other) => {
                                return Err(r.err(
                                    "values.guard",
                                    format!("`{other}`: expected line, young or old"),
                                ));
                            }
                        };
                        m.units.push(UnitInfo {
                            id: c.id.clone(),
                            name,
                            code: r.text("code"),
                            side,
                            nationality,
                            arm,
                            max: r.int("max_strength", 0, 30)?,
                            sv: r.int("subordination_value", 0, 6)?,
                            guard,
                            organic: None,
                            formation: r.text("formation"),
                            eponymous: None,
                        });
                        let u = (m.units.len() - 1) as UnitId;
                        links.push((
                            u,
                            set.id.clone(),
                            r.text("organic"),
                            r.text("eponymous_leader"),
                        ));
                        Piece::Unit(u)
                    }
                    "vedette" => {
                        let cavalry = match r.text("kind").as_deref() {
                            Some("cavalry") => true,
                            Some("infantry") => false,
                            _ => {
                                return Err(r.err(
                                    "values.kind",
                                    "a vedette's kind is cavalry or infantry",
                                ));
                            }
                        };
                        m.vedettes.push(VedetteInfo {
                            id: c.id.clone(),
                            name,
                            side,
                            nationality,
                            cavalry,
                            cossack: r.flag("cossack")?,
                            freikorps: r.flag("freikorps")?,
                        });
                        Piece::Vedette((m.vedettes.len() - 1) as VedetteId)
                    }
                    "garrison" => {
                        m.garrisons.push(GarrisonInfo {
                            id: c.id.clone(),
                            name,
                            side,
                            nationality,
                            town: r.text("town"),
                            strength: r.int("strength", 1, 9)?,
                        });
                        Piece::Garrison((m.garrisons.len() - 1) as GarrisonId)
                    }
                    other => {
                        return Err(r.err(
                            "type",
                            format!(
                                "`{other}` is not a hov counter type (leader, infantry, cavalry, artillery, vedette, garrison)"
                            ),
                        ));
                    }
                };
                if m.by_id.insert(c.id.clone(), piece).is_some() {
                    return Err(DataError::new(
                        &set.id,
                        format!("counters.{}", c.id),
                        "this counter id is used twice among the scenario's counter sets",
                    ));
                }
            }
        }
        for (u, set, organic, eponymous) in links {
            let uid = m.units[usize::from(u)].id.clone();
            let at = |f: &str| format!("counters.{uid}.values.{f}");
            if let Some(o) = organic {
                let Some(ou) = m.unit(&o) else {
                    return Err(DataError::new(
                        &set,
                        at("organic"),
                        format!("no unit `{o}`"),
                    ));
                };
                m.units[usize::from(u)].organic = Some(ou);
            }
            if let Some(e) = eponymous {
                let Some(l) = m.leader(&e) else {
                    return Err(DataError::new(
                        &set,
                        at("eponymous_leader"),
                        format!("no leader `{e}`"),
                    ));
                };
                m.units[usize::from(u)].eponymous = Some(l);
            }
        }
        Ok(m)
    }
}

/// Reads one counter's values, with errors that name the file and the field.
struct Reader<'a> {
    set: &'a str,
    c: &'a Counter,
}

impl Reader<'_> {
    fn err(&self, field: &str, why: impl Into<String>) -> DataError {
        DataError::new(
            self.set,
            format!("counters.{}.{field}", self.c.id),
            why.into(),
        )
    }

    fn value(&self, field: &str) -> Option<&Value> {
        self.c
            .values
            .get(field)
            .and_then(|cell| cell.value.as_ref())
    }

    fn int(&self, field: &str, lo: i64, hi: i64) -> Result<u8, DataError> {
        let at = format!("values.{field}");
        let v = self.value(field).ok_or_else(|| {
            self.err(
                &at,
                format!(
                    "the hov rules need {}'s `{field}`, and it is missing",
                    self.c.id
                ),
            )
        })?;
        let n = v
            .as_int()
            .ok_or_else(|| self.err(&at, "expected an integer"))?;
        if (lo..=hi).contains(&n) {
            Ok(n as u8)
        } else {
            Err(self.err(&at, format!("{n} is outside {lo}..={hi}")))
        }
    }

    fn text(&self, field: &str) -> Option<String> {
        self.value(field)
            .and_then(|v| v.as_str())
            .map(ToString::to_string)
    }

    fn flag(&self, field: &str) -> Result<bool, DataError> {
        match self.value(field) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(self.err(&format!("values.{field}"), "expected true or false")),
        }
    }

    fn nationality(&self) -> Result<Nationality, DataError> {
        self.text("nationality")
            .and_then(|s| Nationality::parse(&s))
            .ok_or_else(|| {
                self.err(
                    "values.nationality",
                    "expected french, polish, guard, italian, german, saxon, bavarian, dutch, russian, prussian or austrian",
                )
            })
    }
}
