//! The close combat charts (13.11, 14.1, 14.8, 16.2a, F-3.1c, F-4.1e, F-8.4), typed once from the
//! scenario's charts like the TET in `tables.rs`: the Close Combat Results Table, the ratio die
//! roll modifiers, the cavalry charge ranges, the CR modifiers, the Special Close Combat and
//! Special Pursuit Results, and the hexside facts close combat reads. The `-provisional` twins
//! complete what the text does not give (docs/fontenoy-charts.md).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{Chart, DataError, Mode, ResolvedScenario, Value};
use crate::fontenoy::state::SpecialPursuit;
use crate::fontenoy::tables::{Mp, chart};
use crate::fontenoy::types::{Nationality, Pts};

/// What a close combat result does to one side (14.1b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SideResult {
    /// SP lost (14.2).
    pub sp: u8,
    /// "D": automatic Disorder (14.3).
    pub disorder: bool,
    /// "R": Rout (14.6).
    pub rout: bool,
    /// "S": Surrender (14.7).
    pub surrender: bool,
    /// "*" (special results only): the side's commanders whose bonus was used check for loss
    /// (14.8b, digest A47).
    pub star: bool,
}

/// One cell of the Close Combat Results Table or the Special Close Combat Results Table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CcResult {
    /// Left of the slash.
    pub attacker: SideResult,
    /// Right of the slash.
    pub defender: SideResult,
    /// "M": both sides take MC(G) (14.4); special results always do (14.8b).
    pub morale: bool,
}

impl CcResult {
    /// Parses a code: `1D/2R`, `M`, `S/-`, `-/3R`, `2*/2*`, `1/1`.
    pub fn parse(code: &str) -> Option<CcResult> {
        if code == "M" {
            return Some(CcResult {
                morale: true,
                ..CcResult::default()
            });
        }
        let (a, d) = code.split_once('/')?;
        Some(CcResult {
            attacker: side_result(a)?,
            defender: side_result(d)?,
            morale: false,
        })
    }
}

fn side_result(s: &str) -> Option<SideResult> {
    let mut r = SideResult::default();
    if s == "-" {
        return Some(r);
    }
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        r.sp = digits.parse().ok()?;
    }
    for c in s[digits.len()..].chars() {
        match c {
            'D' => r.disorder = true,
            'R' => r.rout = true,
            'S' => r.surrender = true,
            '*' => r.star = true,
            _ => return None,
        }
    }
    Some(r)
}

/// Whom a kind of cavalry may Retreat Before Close Combat from (F-3.1c, F-4.1e E–F).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RetreatFrom {
    /// Attacked by infantry only.
    #[default]
    Infantry,
    /// Attacked by anything but light cavalry.
    NotLightCavalry,
}

/// One row of the cavalry chart (F-3.1c, F-4.1e).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChargeRow {
    /// `french`, `french_light`, `austrian`, ...
    pub key: String,
    /// Cavalry charge range in hexes (13.1e).
    pub range: u8,
    /// The +1 a hex of charge movement (13.11c; not the Hanoverians, F-4.1e D).
    pub hex_bonus: bool,
    /// Whom it may retreat before.
    pub retreat_from: RetreatFrom,
}

/// The CR modifiers of 13.11c (and the Fontenoy ones close combat applies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrMods {
    /// Shaken (19.6c).
    pub shaken: i8,
    /// An infantry Line defending only against cavalry in a renewed round (14.5).
    pub line_vs_cavalry_renewed: i8,
    /// Square against cavalry.
    pub square_vs_cavalry: i8,
    /// Square against infantry.
    pub square_vs_infantry: i8,
    /// Skirmishers defending: open vs infantry, difficult vs infantry, open vs cavalry,
    /// difficult vs cavalry.
    pub skirmishers: [i8; 4],
    /// A defender in Road or March Column, or limbered artillery.
    pub column: i8,
    /// Heavy or medium cavalry with an opponent in its ZOC.
    pub cavalry_heavy: i8,
    /// Light cavalry with an opponent in its ZOC.
    pub cavalry_light: i8,
    /// Per hex of charge or countercharge movement.
    pub charge_hex: i8,
    /// Flanking an opponent.
    pub flanking: i8,
    /// Flanked by an enemy not in the combat.
    pub flanked: i8,
    /// The Wild Geese (F-3.2b).
    pub wild_geese: i8,
}

impl Default for CrMods {
    /// The values 13.11c prints (the chart is complete from the text).
    fn default() -> CrMods {
        CrMods {
            shaken: -5,
            line_vs_cavalry_renewed: 2,
            square_vs_cavalry: 5,
            square_vs_infantry: -5,
            skirmishers: [-4, -2, -6, -2],
            column: -4,
            cavalry_heavy: 2,
            cavalry_light: 1,
            charge_hex: 1,
            flanking: 3,
            flanked: -3,
            wild_geese: 1,
        }
    }
}

/// What close combat reads of a hexside feature (F-2.8c, F-9.3, 13.11c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CloseSide {
    /// The feature's bit (`board::side`).
    pub bit: u16,
    /// SCM cost of crossing it (F-2.8a), added to the hex's.
    pub scm: Mp,
    /// Cavalry may attack across it (F-2.8c).
    pub cavalry_attack: bool,
    /// Anyone may attack across it (F-9.3b abatis: nobody).
    pub close_combat: bool,
    /// CR of a unit attacking across it (13.11c terrain).
    pub cr_across: i8,
}

/// The close combat tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CloseTables {
    /// The CRT's ratio columns in order (1:3 … 6:1) as `(attack, defence)`.
    pub columns: Vec<(u32, u32)>,
    /// The CRT: for each row, the lowest and highest difference (open ends `None`) and the
    /// result in each column.
    pub crt: Vec<(Option<i64>, Option<i64>, Vec<CcResult>)>,
    /// The attacker's +1 per full step above the last column, the defender's below the first
    /// (13.11).
    pub ratio_step: [i8; 2],
    /// The cavalry chart.
    pub charge: Vec<ChargeRow>,
    /// The CR modifiers.
    pub cr: CrMods,
    /// The Special Close Combat Results, by the other die 0–9 (14.8a).
    pub special: Vec<CcResult>,
    /// The Special Pursuit Results by nationality, rows 0–9 (F-8.4).
    pub pursuit: Vec<(Nationality, Vec<SpecialPursuit>)>,
    /// Hexside features.
    pub sides: Vec<CloseSide>,
}

fn bad(c: &Chart, what: String) -> DataError {
    DataError::new(&c.id, "rows", what)
}

fn text(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str)
}

fn scm_cost(v: Option<&Value>) -> Mp {
    use crate::data::Cost;
    match v {
        Some(Value::Cost(Cost::Mp(r))) | Some(Value::Ratio(r)) => {
            let sixths = r.num * 6 / r.den.max(1);
            Mp::Pts(Pts(u16::try_from(sixths.max(0)).unwrap_or(u16::MAX)))
        }
        Some(Value::Int(n)) => Mp::Pts(Pts::whole(u16::try_from(*n).unwrap_or(0))),
        Some(Value::Cost(Cost::All)) => Mp::All,
        _ => Mp::Prohibited,
    }
}

impl CloseTables {
    /// Reads the tables from the scenario's charts (the `-provisional` twin where there is one).
    pub fn new(s: &ResolvedScenario) -> Result<CloseTables, DataError> {
        let get = |name: &str| chart(s, name);
        CloseTables::from_charts(&get)
    }

    /// Reads the tables from the built-in charts (a position built by hand: tests, examples).
    pub fn builtin() -> CloseTables {
        let Ok(lib) = crate::data::Library::builtin() else {
            return CloseTables::default();
        };
        let get = |name: &str| -> Result<&Chart, DataError> {
            lib.chart(&format!("fontenoy/{name}-provisional"))
                .or_else(|| lib.chart(&format!("fontenoy/{name}")))
                .ok_or_else(|| DataError::new("fontenoy", "charts", format!("no chart {name}")))
        };
        CloseTables::from_charts(&get).unwrap_or_default()
    }

    fn from_charts<'a>(
        get: &dyn Fn(&str) -> Result<&'a Chart, DataError>,
    ) -> Result<CloseTables, DataError> {
        let crt = get("close-combat-table")?;
        let mut columns = Vec::new();
        for c in crt.columns.iter().skip(1) {
            let (a, d) =
                c.id.split_once(':')
                    .and_then(|(a, d)| Some((a.parse().ok()?, d.parse().ok()?)))
                    .ok_or_else(|| bad(crt, format!("bad ratio column {}", c.id)))?;
            columns.push((a, d));
        }
        let mut rows = Vec::new();
        for (i, r) in crt.rows.iter().enumerate() {
            let (lo, hi) = match r.cells.first().and_then(|c| c.value.as_ref()) {
                Some(Value::DieRange(d)) => (d.lo, d.hi),
                Some(Value::Int(v)) => (Some(*v), Some(*v)),
                _ => return Err(bad(crt, format!("row {i} has no difference"))),
            };
            let mut cells = Vec::new();
            for c in crt.columns.iter().skip(1) {
                let code = text(crt.get_at(i, &c.id, Mode::Lenient)?)
                    .ok_or_else(|| bad(crt, format!("row {i}, {}: no result", c.id)))?;
                cells.push(
                    CcResult::parse(code)
                        .ok_or_else(|| bad(crt, format!("row {i}: bad result {code}")))?,
                );
            }
            rows.push((lo, hi, cells));
        }
        let drm = get("close-combat-ratio-drm")?;
        let step = |key: &str| -> Result<i8, DataError> {
            Ok(drm
                .get(key, "per_step", Mode::Lenient)?
                .and_then(Value::as_int)
                .unwrap_or(1) as i8)
        };
        let ratio_step = [step("above_6_to_1")?, step("below_1_to_3")?];
        let cav = get("cavalry-charge")?;
        let mut charge = Vec::new();
        for i in 0..cav.rows.len() {
            let key = cav.rows[i]
                .cells
                .first()
                .and_then(|c| c.value.as_ref())
                .map(ToString::to_string)
                .unwrap_or_default();
            let range = cav
                .get_at(i, "charge_range", Mode::Lenient)?
                .and_then(Value::as_int)
                .unwrap_or(0)
                .clamp(0, 9) as u8;
            let hex_bonus = matches!(
                cav.get_at(i, "hex_bonus", Mode::Lenient)?,
                Some(Value::Bool(true))
            );
            let retreat_from = match text(cav.get_at(i, "may_retreat_from", Mode::Lenient)?) {
                Some("not_light_cavalry") => RetreatFrom::NotLightCavalry,
                _ => RetreatFrom::Infantry,
            };
            charge.push(ChargeRow {
                key,
                range,
                hex_bonus,
                retreat_from,
            });
        }
        let crm = get("cr-modifiers")?;
        let v = |key: &str, dflt: i8| -> Result<i8, DataError> {
            Ok(match crm.row_index(key) {
                Some(r) => crm
                    .get_at(r, "value", Mode::Lenient)?
                    .and_then(Value::as_int)
                    .map_or(dflt, |x| x.clamp(-99, 99) as i8),
                None => dflt,
            })
        };
        let d = CrMods::default();
        let cr = CrMods {
            shaken: v("shaken", d.shaken)?,
            line_vs_cavalry_renewed: v("infantry_line_vs_cavalry_renewed", 2)?,
            square_vs_cavalry: v("square_vs_cavalry", 5)?,
            square_vs_infantry: v("square_vs_infantry", -5)?,
            skirmishers: [
                v("skirmishers_open_vs_infantry", -4)?,
                v("skirmishers_difficult_vs_infantry", -2)?,
                v("skirmishers_open_vs_cavalry", -6)?,
                v("skirmishers_difficult_vs_cavalry", -2)?,
            ],
            column: v("defender_column_or_limbered", -4)?,
            cavalry_heavy: v("cavalry_heavy_or_medium", 2)?,
            cavalry_light: v("cavalry_light", 1)?,
            charge_hex: v("charge_per_hex", 1)?,
            flanking: v("flanking", 3)?,
            flanked: v("flanked_by_non_participant", -3)?,
            wild_geese: v("wild_geese", 1)?,
        };
        let sp = get("special-close-combat")?;
        let mut special = Vec::new();
        for roll in 0..10 {
            let code = text(sp.get_roll(roll, "result", Mode::Lenient)?)
                .ok_or_else(|| bad(sp, format!("no special result for {roll}")))?;
            special.push(
                CcResult::parse(code)
                    .ok_or_else(|| bad(sp, format!("bad special result {code}")))?,
            );
        }
        let pc = get("special-pursuit")?;
        let mut pursuit = Vec::new();
        for n in [
            Nationality::French,
            Nationality::Dutch,
            Nationality::English,
            Nationality::Hanoverian,
            Nationality::Austrian,
        ] {
            let mut col = Vec::new();
            for roll in 0..10 {
                let r = text(pc.get_roll(roll, n.as_str(), Mode::Lenient)?)
                    .and_then(parse_pursuit)
                    .ok_or_else(|| bad(pc, format!("no {} result for {roll}", n.as_str())))?;
                col.push(r);
            }
            pursuit.push((n, col));
        }
        let hs = get("hexside-effects")?;
        let mut sides = Vec::new();
        for (bit, id) in crate::fontenoy::board::side::IDS {
            let Some(r) = hs.row_index(id) else { continue };
            let flag = |col: &str| -> Result<bool, DataError> {
                Ok(matches!(
                    hs.get_at(r, col, Mode::Lenient)?,
                    Some(Value::Bool(true))
                ))
            };
            sides.push(CloseSide {
                bit,
                scm: scm_cost(hs.get_at(r, "scm_cost", Mode::Lenient)?),
                cavalry_attack: flag("cavalry_attack_allowed")?,
                close_combat: flag("close_combat_allowed")?,
                cr_across: hs
                    .get_at(r, "cr_attacking_across", Mode::Lenient)?
                    .and_then(Value::as_int)
                    .unwrap_or(0)
                    .clamp(-99, 99) as i8,
            });
        }
        Ok(CloseTables {
            columns,
            crt: rows,
            ratio_step,
            charge,
            cr,
            special,
            pursuit,
            sides,
        })
    }

    /// The column of the odds `a:d` (already read in the defender's favour, 13.11), clamped to
    /// the table, and the die roll modifiers beyond it: `[attacker, defender]` (13.11).
    pub fn column(&self, attack: u32, defence: u32) -> (usize, [i8; 2]) {
        let Some(last) = self.columns.len().checked_sub(1) else {
            return (0, [0, 0]);
        };
        if let Some(i) = self.columns.iter().position(|&c| c == (attack, defence)) {
            return (i, [0, 0]);
        }
        let (top_a, _) = self.columns[last];
        let (_, bottom_d) = self.columns[0];
        if defence == 1 && attack > top_a {
            let extra = (attack - top_a).min(99) as i8;
            return (last, [extra.saturating_mul(self.ratio_step[0]), 0]);
        }
        if attack == 1 && defence > bottom_d {
            let extra = (defence - bottom_d).min(99) as i8;
            return (0, [0, extra.saturating_mul(self.ratio_step[1])]);
        }
        (0, [0, 0])
    }

    /// The result at column `col` for the difference `diff` (14.1a).
    pub fn result(&self, col: usize, diff: i64) -> CcResult {
        self.crt
            .iter()
            .find(|(lo, hi, _)| lo.is_none_or(|l| diff >= l) && hi.is_none_or(|h| diff <= h))
            .and_then(|(_, _, cells)| cells.get(col).copied())
            .unwrap_or_default()
    }

    /// The cavalry row of a unit: its nationality, `_light` for light cavalry.
    pub fn charge_row(&self, n: Nationality, light: bool) -> Option<&ChargeRow> {
        let key = if light {
            format!("{}_light", n.as_str())
        } else {
            String::from(n.as_str())
        };
        self.charge
            .iter()
            .find(|r| r.key == key)
            .or_else(|| self.charge.iter().find(|r| r.key == n.as_str()))
    }

    /// The hexside feature row of `bit`.
    pub fn side(&self, bit: u16) -> Option<&CloseSide> {
        self.sides.iter().find(|x| x.bit == bit)
    }

    /// The Special Pursuit Result for nationality `n` and the second die `roll`.
    pub fn special_pursuit(&self, n: Nationality, roll: u8) -> SpecialPursuit {
        self.pursuit
            .iter()
            .find(|(m, _)| *m == n)
            .and_then(|(_, col)| col.get(usize::from(roll)).copied())
            .unwrap_or(SpecialPursuit::NoPursuit)
    }
}

/// A Special Pursuit Result by its F-8.4 name.
fn parse_pursuit(s: &str) -> Option<SpecialPursuit> {
    Some(match s {
        "Blood Lust" => SpecialPursuit::BloodLust,
        "Out of Control" => SpecialPursuit::OutOfControl,
        "Hesitation" => SpecialPursuit::Hesitation,
        "No Pursuit" => SpecialPursuit::NoPursuit,
        _ => return None,
    })
}
