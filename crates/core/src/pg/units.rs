//! The counters of a scenario (static, from the counters files): units, leaders, wings and
//! groups (2.0, 4.2). The changing part of each lives in [`super::state`].

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{Counter, DataError, ResolvedScenario, Value};
use crate::engine::Side;

/// The arm of a unit (2.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Infantry.
    Infantry,
    /// Cavalry.
    Cavalry,
    /// Artillery (no SP; bombardment strengths by range).
    Artillery,
}

/// The printed values of a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// Counter id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Owning side.
    pub side: Side,
    /// Arm.
    pub arm: Arm,
    /// Prussian (5.4, 7.5.3, 7.6.3 treat Prussians differently).
    pub prussian: bool,
    /// Steps at full strength.
    pub max_steps: u8,
    /// `[SP, MR, MA]` by number of steps (index 1..=4; index 0 unused). Artillery: `[0, MR, MA]`.
    pub ratings: [[u8; 3]; 5],
    /// At this many steps or fewer the SP are parenthesised (7.5.5); 0 = never.
    pub paren_steps: u8,
    /// Shock points (cavalry, 10.5.1).
    pub shock: u8,
    /// Fast unit (6.4, 7.5.3, 10.2).
    pub fast: bool,
    /// Bombardment strength at 1, 2 and 3 hexes (8.3).
    pub bs: [u8; 3],
    /// Wing index (inf/cav).
    pub wing: Option<u8>,
}

impl UnitInfo {
    /// `[SP, MR, MA]` at `steps` steps.
    pub fn at(&self, steps: u8) -> [u8; 3] {
        self.ratings[usize::from(steps.min(4))]
    }
}

/// The kind of special leader (4.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Not a special leader.
    No,
    /// "I": only wings with infantry.
    Infantry,
    /// "C": only wings without infantry.
    Cavalry,
    /// A star without a letter: any wing.
    Any,
}

/// A leader's printed values (2.0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderInfo {
    /// Counter id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Owning side.
    pub side: Side,
    /// Army commander (otherwise a wing leader).
    pub commander: bool,
    /// The wing led (wing leaders).
    pub leads: Option<u8>,
    /// Initiative rating; 0 = none.
    pub initiative: u8,
    /// Special leader kind.
    pub special: Special,
    /// Morale modifier (9.3).
    pub morale_mod: i8,
    /// Movement allowance.
    pub ma: u8,
}

/// A wing (4.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WingInfo {
    /// Wing id.
    pub id: String,
    /// Side.
    pub side: Side,
    /// Its group.
    pub group: u8,
    /// Its wing leader.
    pub leader: Option<u16>,
    /// Whether it has infantry (Basic group choice and special leader I/C, 4.2, 4.2.1).
    pub has_infantry: bool,
}

/// A command group (4.2): the two basic groups of each side plus the scenario's specific
/// groups and detachments (4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupInfo {
    /// Group id.
    pub id: String,
    /// Side.
    pub side: Side,
    /// Command rating: a roll at or under it is Effective (4.2, 4.5).
    pub rating: u8,
    /// A detachment (4.3).
    pub detachment: bool,
    /// The basic infantry/artillery group (artillery belongs to it).
    pub basic_inf_art: bool,
}

fn int(c: &Counter, attr: &str) -> Option<i64> {
    c.values.get(attr)?.value.as_ref()?.as_int()
}

fn text<'a>(c: &'a Counter, attr: &str) -> Option<&'a str> {
    c.values.get(attr)?.value.as_ref()?.as_str()
}

fn ints(c: &Counter, attr: &str) -> Option<Vec<i64>> {
    match c.values.get(attr)?.value.as_ref()? {
        Value::Ints(v) => Some(v.clone()),
        _ => None,
    }
}

fn need(file: &str, c: &Counter, attr: &str, what: &str) -> DataError {
    DataError::new(
        file,
        format!("counters.{}.{attr}", c.id),
        format!("the pg rules need {what}"),
    )
    .with_rule("2.0")
}

fn byte(v: i64) -> u8 {
    v.clamp(0, 99) as u8
}

/// Everything static about the pieces of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// Units in counter-file order.
    pub units: Vec<UnitInfo>,
    /// Leaders in counter-file order.
    pub leaders: Vec<LeaderInfo>,
    /// Wings.
    pub wings: Vec<WingInfo>,
    /// Groups.
    pub groups: Vec<GroupInfo>,
    /// The army commander of each side, if any.
    pub commander: [Option<u16>; 2],
}

/// Reads the side index of a scenario side id.
pub fn side_index(s: &ResolvedScenario, id: &str) -> Option<Side> {
    s.scenario
        .sides
        .iter()
        .position(|x| x.id == id)
        .filter(|&i| i < 2)
        .map(|i| Side(i as u8))
}

impl Pieces {
    /// Reads the pieces of a resolved scenario (counters + scenario `rules.wings/groups`).
    pub fn new(s: &ResolvedScenario) -> Result<Pieces, DataError> {
        let file = s.scenario.id.as_str();
        let rules = &s.scenario.rules;
        let mut wings: Vec<WingInfo> = Vec::new();
        if let Some(list) = rules.get("wings").and_then(|v| v.as_array()) {
            for (i, w) in list.iter().enumerate() {
                let id = w.get("id").and_then(|v| v.as_str()).ok_or_else(|| {
                    DataError::new(file, format!("rules.wings[{i}].id"), "a wing needs an id")
                        .with_rule("4.2")
                })?;
                let side = w
                    .get("side")
                    .and_then(|v| v.as_str())
                    .and_then(|x| side_index(s, x))
                    .ok_or_else(|| {
                        DataError::new(
                            file,
                            format!("rules.wings[{i}].side"),
                            "a wing needs the id of one of the two sides",
                        )
                    })?;
                wings.push(WingInfo {
                    id: id.to_string(),
                    side,
                    group: 0,
                    leader: None,
                    has_infantry: false,
                });
            }
        }
        fn wing_index(wings: &[WingInfo], file: &str, id: &str, at: &str) -> Result<u8, DataError> {
            wings
                .iter()
                .position(|w| w.id == id)
                .map(|i| i as u8)
                .ok_or_else(|| {
                    DataError::new(
                        file,
                        at.to_string(),
                        format!("no wing {id:?} in rules.wings"),
                    )
                    .with_rule("4.2")
                })
        }
        let mut units = Vec::new();
        let mut leaders = Vec::new();
        for set in &s.counters {
            for c in &set.counters {
                let side = side_index(s, &c.side).ok_or_else(|| {
                    DataError::new(
                        &set.id,
                        format!("counters.{}.side", c.id),
                        "not one of the scenario's two sides",
                    )
                })?;
                let prussian = text(c, "nation")
                    .map(|n| n == "prussian")
                    .unwrap_or(side == Side(0));
                match c.unit_type.as_str() {
                    "leader" => {
                        let special = match text(c, "special").unwrap_or("") {
                            "" => Special::No,
                            "I" => Special::Infantry,
                            "C" => Special::Cavalry,
                            "*" => Special::Any,
                            _ => {
                                return Err(need(
                                    &set.id,
                                    c,
                                    "special",
                                    "\"\", \"I\", \"C\" or \"*\"",
                                )
                                .with_rule("4.2.1"));
                            }
                        };
                        let leads = match text(c, "leads") {
                            Some(w) => Some(wing_index(
                                &wings,
                                file,
                                w,
                                &format!("counters.{}.leads", c.id),
                            )?),
                            None => None,
                        };
                        leaders.push(LeaderInfo {
                            id: c.id.clone(),
                            name: c.name.clone().unwrap_or_else(|| c.id.clone()),
                            side,
                            commander: text(c, "role") == Some("army_commander"),
                            leads,
                            initiative: byte(int(c, "initiative").unwrap_or(0)),
                            special,
                            morale_mod: int(c, "morale_mod").unwrap_or(0).clamp(-9, 9) as i8,
                            ma: byte(
                                int(c, "ma").ok_or_else(|| {
                                    need(&set.id, c, "ma", "a movement allowance")
                                })?,
                            ),
                        });
                    }
                    kind @ ("infantry" | "cavalry" | "artillery") => {
                        let arm = match kind {
                            "infantry" => Arm::Infantry,
                            "cavalry" => Arm::Cavalry,
                            _ => Arm::Artillery,
                        };
                        let max_steps = byte(int(c, "steps").ok_or_else(|| {
                            need(&set.id, c, "steps", "the number of steps (1-4)")
                        })?);
                        if !(1..=4).contains(&max_steps) {
                            return Err(
                                need(&set.id, c, "steps", "1 to 4 steps").with_rule("10.8.1.1")
                            );
                        }
                        let mut ratings = [[0u8; 3]; 5];
                        let mut bs = [0u8; 3];
                        let mut wing = None;
                        if arm == Arm::Artillery {
                            let mr = byte(int(c, "mr").ok_or_else(|| {
                                need(&set.id, c, "mr", "a morale rating for artillery")
                            })?);
                            let ma =
                                byte(int(c, "ma").ok_or_else(|| {
                                    need(&set.id, c, "ma", "a movement allowance")
                                })?);
                            for r in ratings.iter_mut().skip(1) {
                                *r = [0, mr, ma];
                            }
                            let v = ints(c, "bs").ok_or_else(|| {
                                need(&set.id, c, "bs", "three bombardment strengths")
                            })?;
                            if v.len() != 3 {
                                return Err(need(
                                    &set.id,
                                    c,
                                    "bs",
                                    "exactly three bombardment strengths",
                                )
                                .with_rule("8.3"));
                            }
                            bs = [byte(v[0]), byte(v[1]), byte(v[2])];
                        } else {
                            for st in 1..=max_steps {
                                let key = format!("s{st}");
                                let v = ints(c, &key).ok_or_else(|| {
                                    need(&set.id, c, &key, "[SP, MR, MA] for every step count")
                                })?;
                                if v.len() != 3 {
                                    return Err(need(&set.id, c, &key, "exactly [SP, MR, MA]"));
                                }
                                ratings[usize::from(st)] = [byte(v[0]), byte(v[1]), byte(v[2])];
                            }
                            let w = text(c, "wing").ok_or_else(|| {
                                need(&set.id, c, "wing", "the unit's wing").with_rule("4.2")
                            })?;
                            wing = Some(wing_index(
                                &wings,
                                file,
                                w,
                                &format!("counters.{}.wing", c.id),
                            )?);
                        }
                        units.push(UnitInfo {
                            id: c.id.clone(),
                            name: c.name.clone().unwrap_or_else(|| c.id.clone()),
                            side,
                            arm,
                            prussian,
                            max_steps,
                            ratings,
                            paren_steps: byte(int(c, "paren_steps").unwrap_or(0)),
                            shock: byte(int(c, "shock").unwrap_or(0)),
                            fast: matches!(
                                c.values.get("fast").and_then(|v| v.value.as_ref()),
                                Some(Value::Bool(true))
                            ),
                            bs,
                            wing,
                        });
                    }
                    other => {
                        return Err(DataError::new(
                            &set.id,
                            format!("counters.{}.type", c.id),
                            format!("unknown pg counter type {other:?}"),
                        ));
                    }
                }
            }
        }
        if units.len() > u16::MAX as usize / 2 || leaders.len() > 250 {
            return Err(DataError::new(file, "counters", "too many counters"));
        }
        for (li, l) in leaders.iter().enumerate() {
            if let Some(w) = l.leads {
                wings[usize::from(w)].leader = Some(li as u16);
            }
        }
        for u in &units {
            if let (Some(w), Arm::Infantry) = (u.wing, u.arm) {
                wings[usize::from(w)].has_infantry = true;
            }
        }
        // Groups: two basic groups per side (4.2), then the scenario's specific groups and
        // detachments (4.3).
        let mut groups = Vec::new();
        let ratings = rules.get("command_ratings");
        for side in 0..2u8 {
            let sid = s
                .scenario
                .sides
                .get(usize::from(side))
                .map(|x| x.id.as_str())
                .unwrap_or("");
            let r = |k: &str| -> Result<u8, DataError> {
                ratings
                    .and_then(|v| v.get(sid))
                    .and_then(|v| v.get(k))
                    .and_then(|v| v.as_i64())
                    .map(byte)
                    .ok_or_else(|| {
                        DataError::new(
                            file,
                            format!("rules.command_ratings.{sid}.{k}"),
                            "a command rating is needed",
                        )
                        .with_rule("4.2")
                    })
            };
            groups.push(GroupInfo {
                id: format!("{sid}-basic-inf-art"),
                side: Side(side),
                rating: r("inf_art")?,
                detachment: false,
                basic_inf_art: true,
            });
            groups.push(GroupInfo {
                id: format!("{sid}-basic-cav"),
                side: Side(side),
                rating: r("cav")?,
                detachment: false,
                basic_inf_art: false,
            });
        }
        for wing in wings.iter_mut() {
            // 4.2: a wing outside any specific group belongs to the basic infantry/artillery
            // group if it has infantry, else to the basic cavalry group.
            wing.group = (wing.side.0 * 2) + u8::from(!wing.has_infantry);
        }
        for key in ["groups", "detachments"] {
            if let Some(list) = rules.get(key).and_then(|v| v.as_array()) {
                for (i, g) in list.iter().enumerate() {
                    let at = format!("rules.{key}[{i}]");
                    let side = g
                        .get("side")
                        .and_then(|v| v.as_str())
                        .and_then(|x| side_index(s, x))
                        .ok_or_else(|| {
                            DataError::new(
                                file,
                                format!("{at}.side"),
                                "needs the id of one of the two sides",
                            )
                        })?;
                    let rating =
                        byte(g.get("rating").and_then(|v| v.as_i64()).ok_or_else(|| {
                            DataError::new(file, format!("{at}.rating"), "needs a command rating")
                                .with_rule("4.2")
                        })?);
                    let gi = groups.len() as u8;
                    groups.push(GroupInfo {
                        id: g
                            .get("id")
                            .and_then(|v| v.as_str())
                            .unwrap_or("group")
                            .to_string(),
                        side,
                        rating,
                        detachment: key == "detachments",
                        basic_inf_art: false,
                    });
                    for (j, w) in g
                        .get("wings")
                        .and_then(|v| v.as_array())
                        .into_iter()
                        .flatten()
                        .enumerate()
                    {
                        let id = w.as_str().unwrap_or("");
                        let wi = wing_index(&wings, file, id, &format!("{at}.wings[{j}]"))?;
                        wings[usize::from(wi)].group = gi;
                    }
                }
            }
        }
        let mut commander = [None, None];
        for (i, l) in leaders.iter().enumerate() {
            if l.commander && commander[l.side.index()].is_none() {
                commander[l.side.index()] = Some(i as u16);
            }
        }
        Ok(Pieces {
            units,
            leaders,
            wings,
            groups,
            commander,
        })
    }

    /// The index of the unit with counter id `id`.
    pub fn unit_index(&self, id: &str) -> Option<u16> {
        self.units.iter().position(|u| u.id == id).map(|i| i as u16)
    }

    /// The index of the leader with counter id `id`.
    pub fn leader_index(&self, id: &str) -> Option<u16> {
        self.leaders
            .iter()
            .position(|l| l.id == id)
            .map(|i| i as u16)
    }
}
