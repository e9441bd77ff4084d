//! The fixed facts of every counter (5.1, 6.x, 1.3, 1.4): kind, side, nationality,
//! affiliation, printed fire level, morale rating, loss chart (20.6), gun points (27.1),
//! leader rank and rating (26.0), read once from the scenario's counter sets; and the
//! formations that receive orders, read from the counters' leaders ([`formations`]: 10.0,
//! AUS 2.3, 3.2b).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::tables::{GenericUnit, Tables};
use super::types::{FireLevel, GunClass, GunWeight, MoraleRating, UnitId, UnitKind};
use crate::data::{Counter, DataError, ResolvedScenario, Value};
use crate::engine::Side;

/// Nationality (1.2): French vs the rest matters for columns, skirmishers and morale; Russian
/// vs Austrian for the Emperors (AUS 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nation {
    /// French.
    French,
    /// Russian.
    Russian,
    /// Austrian.
    Austrian,
}

/// A leader's rank (26.3a: the most senior leader in a hex modifies morale).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// Army commander.
    Army = 0,
    /// An Emperor (AUS 3.1): below the army commander, above wings (digest §8.4 item 16).
    Emperor = 1,
    /// Wing or corps commander.
    Corps = 2,
    /// Division (or Allied command) leader.
    Division = 3,
}

/// One segment of a loss chart row: a fire level and its boxes (20.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// The level printed over the boxes.
    pub level: FireLevel,
    /// How many boxes.
    pub boxes: u8,
}

/// A counter's fixed facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// The counter id of the data files.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// What it is.
    pub kind: UnitKind,
    /// Nationality.
    pub nation: Nation,
    /// Corps (French) or wing (Allied) code.
    pub corps: String,
    /// Division or Allied command code (empty for independent units).
    pub division: String,
    /// The formation it counts in for AUS 6.2.
    pub vp_formation: String,
    /// The division it counts in for wreck purposes (AUS 2.3, 3.2c).
    pub wreck_division: String,
    /// The printed fire level at full strength (6.5a).
    pub fire_level: FireLevel,
    /// The morale rating (25.0); artillery and leaders have none.
    pub morale: Option<MoraleRating>,
    /// The loss chart row, left to right (20.6).
    pub loss_chart: Vec<Segment>,
    /// Boxes on the row.
    pub boxes: u8,
    /// Boxes left of the wrecked mark (20.6a).
    pub wreck_boxes: u8,
    /// Skirmisher boxes (11.5a).
    pub skirmisher_boxes: u8,
    /// Heavy cavalry (24.0a).
    pub heavy: bool,
    /// Gun points of a battery (27.1).
    pub gun_points: u8,
    /// Artillery weight.
    pub weight: GunWeight,
    /// Artillery class.
    pub class: GunClass,
    /// Guard artillery (25.2b generic morale A).
    pub guard: bool,
    /// A leader's rating (26.0).
    pub rating: u8,
    /// A leader's morale rating where it differs (the Emperors: AUS 3.1).
    pub morale_rating: u8,
    /// A leader's rank.
    pub rank: Rank,
    /// The command a leader or HQ heads (division or corps code).
    pub command: String,
    /// Independent brigade (AUS 2.2).
    pub independent: bool,
    /// A counter made during play (skirmisher 11.5, Extension 17.0, detached battery 27.1):
    /// the unit it comes from; `None` for a printed counter.
    pub parent: Option<u16>,
    /// The counters made for this unit during play (its skirmishers, Extensions or detached
    /// battery), by index.
    pub parts: Vec<u16>,
}

impl UnitInfo {
    /// The fire level with `filled` boxes marked (6.6): the label over the first free box, or
    /// none when every box is filled.
    pub fn level_after(&self, filled: u8) -> FireLevel {
        let mut left = filled;
        for s in &self.loss_chart {
            if left < s.boxes {
                return s.level;
            }
            left -= s.boxes;
        }
        FireLevel::NONE
    }

    /// Infantry or cavalry (a loss chart).
    pub fn has_loss_chart(&self) -> bool {
        matches!(self.kind, UnitKind::Infantry | UnitKind::Cavalry)
    }

    /// Counts for stacking (12.1): not leaders or HQs.
    pub fn combat(&self) -> bool {
        !matches!(self.kind, UnitKind::Leader | UnitKind::Hq)
    }
}

fn val<'a>(c: &'a Counter, key: &str) -> Option<&'a Value> {
    c.values.get(key).and_then(|cell| cell.value.as_ref())
}

fn text(c: &Counter, key: &str) -> String {
    val(c, key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

fn need<'a>(c: &'a Counter, key: &str, rule: &str) -> Result<&'a Value, DataError> {
    val(c, key).ok_or_else(|| {
        DataError::new(
            &c.id,
            format!("values.{key}"),
            "the value is \"missing\"; the nbs rules need it to play (give the printed or a provisional value)",
        )
        .with_rule(rule.to_string())
    })
}

fn small_int(c: &Counter, key: &str, rule: &str) -> Result<u8, DataError> {
    need(c, key, rule)?
        .as_int()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| {
            DataError::new(
                &c.id,
                format!("values.{key}"),
                "expected a whole number 0-255",
            )
        })
}

/// Parses a loss chart row such as `A1 B4 C3` (20.6).
pub fn parse_loss_chart(s: &str) -> Option<Vec<Segment>> {
    let mut out = Vec::new();
    for part in s.split_whitespace() {
        let digits = part.find(|ch: char| ch.is_ascii_digit())?;
        let level = FireLevel::parse(&part[..digits])?;
        let boxes: u8 = part[digits..].parse().ok()?;
        out.push(Segment { level, boxes });
    }
    (!out.is_empty()).then_some(out)
}

/// Reads every counter of the scenario's counter sets. Side 0 is the French, side 1 the
/// Allies (the order of [`super::INFO`]).
pub fn read(s: &ResolvedScenario) -> Result<Vec<UnitInfo>, DataError> {
    let mut out = Vec::new();
    for set in &s.counters {
        for c in &set.counters {
            out.push(one(c)?);
        }
    }
    Ok(out)
}

/// A leader's rating on the inverted side of his counter (`rating_inverted`; AUS 4.2a), by
/// counter id.
pub fn inverted_rating(s: &ResolvedScenario, id: &str) -> Option<u8> {
    s.counters
        .iter()
        .flat_map(|set| set.counters.iter())
        .find(|c| c.id == id)
        .and_then(|c| val(c, "rating_inverted"))
        .and_then(Value::as_int)
        .map(|n| n.clamp(0, 4) as u8)
}

fn one(c: &Counter) -> Result<UnitInfo, DataError> {
    let side = match c.side.as_str() {
        "french" => Side(0),
        "allied" => Side(1),
        other => {
            return Err(DataError::new(
                &c.id,
                "side",
                format!("side `{other}` is neither `french` nor `allied`"),
            ));
        }
    };
    let kind = match c.unit_type.as_str() {
        "infantry" => UnitKind::Infantry,
        "cavalry" => UnitKind::Cavalry,
        "artillery" => UnitKind::Artillery,
        "leader" => UnitKind::Leader,
        "hq" => UnitKind::Hq,
        other => {
            return Err(DataError::new(
                &c.id,
                "type",
                format!("counter type `{other}` is not one of the nbs rules"),
            ));
        }
    };
    let nation = match text(c, "nationality").as_str() {
        "French" => Nation::French,
        "Russian" => Nation::Russian,
        "Austrian" => Nation::Austrian,
        _ if side == Side(0) => Nation::French,
        _ => Nation::Russian,
    };
    let mut u = UnitInfo {
        id: c.id.clone(),
        name: c.name.clone().unwrap_or_else(|| c.id.clone()),
        side,
        kind,
        nation,
        corps: text(c, "corps"),
        division: text(c, "division"),
        vp_formation: text(c, "vp_formation"),
        wreck_division: text(c, "wreck_division"),
        fire_level: FireLevel::NONE,
        morale: None,
        loss_chart: Vec::new(),
        boxes: 0,
        wreck_boxes: 0,
        skirmisher_boxes: 0,
        heavy: matches!(val(c, "heavy"), Some(Value::Bool(true))),
        gun_points: 0,
        weight: GunWeight::Light,
        class: GunClass::Foot,
        guard: false,
        rating: 0,
        morale_rating: 0,
        rank: Rank::Division,
        command: text(c, "command"),
        independent: matches!(val(c, "independent"), Some(Value::Bool(true))),
        parent: None,
        parts: Vec::new(),
    };
    if u.wreck_division.is_empty() {
        u.wreck_division = u.division.clone();
    }
    match kind {
        UnitKind::Infantry | UnitKind::Cavalry => {
            let fl = need(c, "fire_level", "6.5a")?.as_str().unwrap_or("");
            u.fire_level = FireLevel::parse(fl).ok_or_else(|| {
                DataError::new(
                    &c.id,
                    "values.fire_level",
                    format!("`{fl}` is not a fire level (C, B, A, AB, AA, AAB, AAA)"),
                )
            })?;
            let m = need(c, "morale", "25.0")?.as_str().unwrap_or("");
            u.morale = Some(MoraleRating::parse(m).ok_or_else(|| {
                DataError::new(
                    &c.id,
                    "values.morale",
                    format!("`{m}` is not a morale rating A-E"),
                )
            })?);
            let lc = need(c, "loss_chart", "20.6")?.as_str().unwrap_or("");
            u.loss_chart = parse_loss_chart(lc).ok_or_else(|| {
                DataError::new(
                    &c.id,
                    "values.loss_chart",
                    format!("`{lc}` is not a loss chart row like `A1 B4 C3`"),
                )
                .with_rule("20.6")
            })?;
            u.boxes = u.loss_chart.iter().map(|s| s.boxes).sum();
            u.wreck_boxes = small_int(c, "wreck_boxes", "20.6a")?;
            if kind == UnitKind::Infantry {
                u.skirmisher_boxes = val(c, "skirmisher_boxes")
                    .and_then(Value::as_int)
                    .and_then(|n| u8::try_from(n).ok())
                    .unwrap_or(0);
            }
            if u.wreck_boxes == 0 || u.wreck_boxes > u.boxes {
                return Err(DataError::new(
                    &c.id,
                    "values.wreck_boxes",
                    format!(
                        "the wrecked mark ({}) must fall within the {} boxes of the loss chart",
                        u.wreck_boxes, u.boxes
                    ),
                )
                .with_rule("20.6a"));
            }
        }
        UnitKind::Artillery => {
            u.gun_points = small_int(c, "gun_points", "27.1")?;
            u.weight = match text(c, "weight").as_str() {
                "heavy" => GunWeight::Heavy,
                _ => GunWeight::Light,
            };
            u.class = match text(c, "class").as_str() {
                "horse" => GunClass::Horse,
                _ => GunClass::Foot,
            };
            u.guard = u.corps == "IG" || u.corps == "Gd";
        }
        UnitKind::Leader => {
            u.rating = small_int(c, "rating", "26.0")?.min(4);
            u.morale_rating = val(c, "morale_rating")
                .and_then(Value::as_int)
                .map_or(u.rating, |n| n.clamp(0, 4) as u8);
            u.rank = match text(c, "rank").as_str() {
                "Army" => Rank::Army,
                "Emperor" => Rank::Emperor,
                "Corps" | "Wing" => Rank::Corps,
                _ => Rank::Division,
            };
        }
        UnitKind::Hq | UnitKind::Skirmisher => {}
    }
    Ok(u)
}

/// What kind of formation (10.0, AUS 2.3, 3.2b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKind {
    /// A French corps with an HQ unit: orders go to the HQ and take effect when the corps
    /// leader touches base (10.0a).
    Corps,
    /// The French Imperial Guard: one formation under Bessieres, without HQ (AUS 2.3; digest
    /// §8.4 item 13: it needs orders and its brigades trace radius to Bessieres).
    Guard,
    /// A French division (leader without HQ): orders to it are divisional goals (10.5b).
    Division,
    /// An Allied command of AUS 3.2b: every order is a divisional goal, no HQ.
    Allied,
    /// AUS 4.2b: Buxhowden's Left Wing (1-L, 2-L, 3-L) as a corps. He stands in for its HQ:
    /// orders go to him and take effect on acceptance, and its column leaders trace command
    /// radius to him as to a corps HQ.
    Wing,
}

/// One formation that receives orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formation {
    /// Its side.
    pub side: Side,
    /// Its code (corps code, or division / command code).
    pub code: String,
    /// What it is.
    pub kind: FormKind,
    /// Its leader.
    pub leader: UnitId,
    /// Its HQ unit (French corps only).
    pub hq: Option<UnitId>,
    /// The corps of a French division.
    pub parent: Option<u16>,
}

/// Reads the formations from the counters (10.0, AUS 2.3, 3.2b): French corps and the Guard
/// first (by their leaders), then French divisions, then the Allied commands.
pub fn formations(units: &[UnitInfo]) -> Vec<Formation> {
    let mut out: Vec<Formation> = Vec::new();
    let french = Side(0);
    for (i, u) in units.iter().enumerate() {
        if u.side == french && u.kind == UnitKind::Leader && u.rank == Rank::Corps {
            let hq = units
                .iter()
                .position(|h| h.side == french && h.kind == UnitKind::Hq && h.corps == u.corps)
                .map(|h| h as UnitId);
            out.push(Formation {
                side: french,
                code: u.corps.clone(),
                kind: if hq.is_some() {
                    FormKind::Corps
                } else {
                    FormKind::Guard
                },
                leader: i as UnitId,
                hq,
                parent: None,
            });
        }
    }
    let corps_count = out.len();
    for (i, u) in units.iter().enumerate() {
        if u.kind != UnitKind::Leader || u.rank != Rank::Division || u.division.is_empty() {
            continue;
        }
        if u.side == french {
            // The Guard's leader is its corps-rank leader; no division formation for it.
            let parent = out[..corps_count]
                .iter()
                .position(|f| f.code == u.corps)
                .map(|p| p as u16);
            out.push(Formation {
                side: french,
                code: u.division.clone(),
                kind: FormKind::Division,
                leader: i as UnitId,
                hq: None,
                parent,
            });
        } else {
            out.push(Formation {
                side: u.side,
                code: u.division.clone(),
                kind: FormKind::Allied,
                leader: i as UnitId,
                hq: None,
                parent: None,
            });
        }
    }
    out
}

/// Appends the counters made during play after the printed ones (11.5a, 17.0, 27.1).
pub(in crate::nbs) fn append_counters(units: &mut Vec<UnitInfo>, tables: &Tables) {
    let printed = units.len();
    let mut extra = Vec::new();
    for (p, u) in units.iter().enumerate() {
        let base = |kind: UnitKind, id: String, name: String| UnitInfo {
            id,
            name,
            side: u.side,
            kind,
            nation: u.nation,
            corps: u.corps.clone(),
            division: String::new(),
            vp_formation: String::new(),
            wreck_division: String::new(),
            fire_level: FireLevel::NONE,
            morale: None,
            loss_chart: Vec::new(),
            boxes: 0,
            wreck_boxes: 0,
            skirmisher_boxes: 0,
            heavy: false,
            gun_points: 0,
            weight: u.weight,
            class: u.class,
            guard: u.guard,
            rating: 0,
            morale_rating: 0,
            rank: Rank::Division,
            command: String::new(),
            independent: u.independent,
            parent: Some(p as u16),
            parts: Vec::new(),
        };
        match u.kind {
            UnitKind::Infantry => {
                // 11.5, 25.2b: skirmishers check with the generic value, French B, others C.
                let generic = tables.generic_morale(if u.nation == Nation::French {
                    GenericUnit::FrenchSkirmishers
                } else {
                    GenericUnit::OtherSkirmishers
                });
                let n = if u.skirmisher_boxes > 0 {
                    u.skirmisher_boxes + 1
                } else {
                    0
                };
                for k in 1..=n {
                    let mut x = base(
                        UnitKind::Skirmisher,
                        format!("{}-sk{k}", u.id),
                        format!("{} skirmishers {k}", u.name),
                    );
                    x.morale = Some(generic);
                    extra.push(x);
                }
                // 17.1, digest §8.4 item 26: two Extensions when every part can keep a C
                // (A or better), one from B.
                let exts = match u.fire_level.units() {
                    0..=1 => 0,
                    2 => 1,
                    _ => 2,
                };
                for k in 1..=exts {
                    let mut x = base(
                        UnitKind::Infantry,
                        format!("{}-ext{k}", u.id),
                        format!("{} extension {k}", u.name),
                    );
                    x.division = u.division.clone();
                    x.fire_level = u.fire_level;
                    x.morale = u.morale;
                    x.loss_chart = u.loss_chart.clone();
                    x.boxes = u.boxes;
                    x.wreck_boxes = u.wreck_boxes;
                    extra.push(x);
                }
            }
            UnitKind::Artillery => {
                let mut x = base(
                    UnitKind::Artillery,
                    format!("{}-det", u.id),
                    format!("{} detached", u.name),
                );
                x.division = u.division.clone();
                x.gun_points = 5;
                extra.push(x);
            }
            _ => {}
        }
    }
    for (k, x) in extra.iter().enumerate() {
        if let Some(p) = x.parent {
            units[usize::from(p)].parts.push((printed + k) as u16);
        }
    }
    units.extend(extra);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r20_6_example_row_levels() {
        let row = parse_loss_chart("A1 B4 C3").unwrap();
        let u = UnitInfo {
            id: "x".into(),
            name: "x".into(),
            side: Side(0),
            kind: UnitKind::Infantry,
            nation: Nation::French,
            corps: String::new(),
            division: String::new(),
            vp_formation: String::new(),
            wreck_division: String::new(),
            fire_level: FireLevel::A,
            morale: Some(MoraleRating::C),
            boxes: 8,
            loss_chart: row,
            wreck_boxes: 3,
            skirmisher_boxes: 0,
            heavy: false,
            gun_points: 0,
            weight: GunWeight::Light,
            class: GunClass::Foot,
            guard: false,
            rating: 0,
            morale_rating: 0,
            rank: Rank::Division,
            command: String::new(),
            independent: false,
            parent: None,
            parts: Vec::new(),
        };
        assert_eq!(u.level_after(0), FireLevel::A);
        // One casualty and one straggler: two boxes filled, the level is B (20.6 example).
        assert_eq!(u.level_after(2), FireLevel::B);
        assert_eq!(u.level_after(5), FireLevel::C);
        assert_eq!(u.level_after(8), FireLevel::NONE);
    }
}
