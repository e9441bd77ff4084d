//! The pg charts read from the data library (Player Aid Card charts: all provisional unless a
//! user supplies the published ones), and the result grammar of 10.8.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::data::{Chart, DataError, Mode, ResolvedScenario, Value};

/// How many loss points a result gives (10.8, 10.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lp {
    /// A fixed number.
    N(u8),
    /// "Ex": the enemy's contributing steps / 4, rounded (.5 up).
    Ex,
    /// "Ex + 1".
    ExPlus1,
}

/// One side's part of a combat or bombardment result (10.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideResult {
    /// Loss points.
    pub lp: Lp,
    /// "( )": reduced by one if Supporting units are present (10.8.3.4).
    pub paren: bool,
    /// "R": retreats are routs (10.8.3.2).
    pub rout: bool,
    /// "r": additional retreat after all LP (10.8.3.3); also "Exr" (10.8.2).
    pub retreat: bool,
    /// "S": surrender (10.8.3.5).
    pub surrender: bool,
    /// "*": artillery step loss (10.8.3.1).
    pub artillery: bool,
}

impl SideResult {
    /// No effect.
    pub const NONE: SideResult = SideResult {
        lp: Lp::N(0),
        paren: false,
        rout: false,
        retreat: false,
        surrender: false,
        artillery: false,
    };

    /// Parses one side: `-`, `N`, `(N)`, `Ex`, `Ex+1`, `Exr`, then flags `R`, `r`, `S`, `*`.
    pub fn parse(s: &str) -> Option<SideResult> {
        let mut r = SideResult::NONE;
        if s == "-" {
            return Some(r);
        }
        let mut rest = s;
        if let Some(x) = rest.strip_prefix("Ex+1") {
            r.lp = Lp::ExPlus1;
            rest = x;
        } else if let Some(x) = rest.strip_prefix("Exr") {
            r.lp = Lp::Ex;
            r.retreat = true;
            rest = x;
        } else if let Some(x) = rest.strip_prefix("Ex") {
            r.lp = Lp::Ex;
            rest = x;
        } else if let Some(x) = rest.strip_prefix('(') {
            let end = x.find(')')?;
            r.lp = Lp::N(x[..end].parse().ok()?);
            r.paren = true;
            rest = &x[end + 1..];
        } else {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                r.lp = Lp::N(rest[..digits].parse().ok()?);
                rest = &rest[digits..];
            }
        }
        for c in rest.chars() {
            match c {
                'R' => r.rout = true,
                'r' => r.retreat = true,
                'S' => r.surrender = true,
                '*' => r.artillery = true,
                _ => return None,
            }
        }
        Some(r)
    }
}

/// A combat result: attacker / defender (10.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CombatResult {
    /// Left of the slash.
    pub attacker: SideResult,
    /// Right of the slash.
    pub defender: SideResult,
}

/// The odds columns of the CRT (10.3), lowest first, as (attacker, defender).
pub const ODDS: [(u8, u8); 8] = [
    (1, 3),
    (1, 2),
    (1, 1),
    (3, 2),
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
];

/// The bombardment columns (8.3): lowest total BS of each column; there is no 1 column.
pub const BS_COLUMNS: [u8; 6] = [2, 3, 4, 6, 8, 11];

/// Every chart the rules use, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charts {
    /// CRT results by modified roll row (0- .. 9+) and odds column.
    pub crt: Vec<[CombatResult; 8]>,
    /// Lowest modified roll of `crt[0]`.
    pub crt_first_roll: i8,
    /// Bombardment results by modified roll row and BS column.
    pub bombardment: Vec<[SideResult; 6]>,
    /// Lowest modified roll of `bombardment[0]`.
    pub bombardment_first_roll: i8,
    /// Named close combat DRMs (10.5).
    pub cc_drm: Vec<(String, i8)>,
    /// Named bombardment DRMs (8.3).
    pub bombardment_drm: Vec<(String, i8)>,
    /// Named rally modifiers (9.4).
    pub rally: Vec<(String, i8)>,
    /// Leader loss results by roll 1..=6 (15.2, provisional): 0 none, 1 wounded, 2 killed.
    pub leader_loss: [u8; 6],
}

fn chart<'a>(s: &'a ResolvedScenario, id: &str) -> Result<&'a Chart, DataError> {
    s.chart(id).ok_or_else(|| {
        DataError::new(
            &s.scenario.id,
            "charts",
            format!("the pg rules need the chart {id:?}"),
        )
    })
}

fn text_at(c: &Chart, row: usize, col: &str) -> Result<String, DataError> {
    match c.get_at(row, col, Mode::Lenient)? {
        Some(v) => Ok(match v {
            Value::Text(t) | Value::Result(t) => t.clone(),
            other => other.to_string(),
        }),
        None => Err(DataError::new(
            &c.id,
            format!("rows[{row}].{col}"),
            "the value is \"missing\"; the pg rules need it",
        )),
    }
}

fn named(c: &Chart, value_col: &str) -> Result<Vec<(String, i8)>, DataError> {
    let mut out = Vec::new();
    for row in 0..c.rows.len() {
        let id = text_at(c, row, "id")?;
        let v = c
            .get_at(row, value_col, Mode::Lenient)?
            .and_then(|v| v.as_int())
            .ok_or_else(|| {
                DataError::new(
                    &c.id,
                    format!("rows[{row}].{value_col}"),
                    "expected an integer",
                )
            })?;
        out.push((id, v.clamp(-20, 20) as i8));
    }
    Ok(out)
}

fn roll_rows(c: &Chart) -> Result<i8, DataError> {
    // The first row must be "N-" (that roll or less); rows then rise by one.
    let first = text_at(c, 0, "roll")?;
    let n: i8 = first.trim_end_matches('-').parse().map_err(|_| {
        DataError::new(
            &c.id,
            "rows[0].roll",
            "the first row must read \"N-\" (N or less)",
        )
    })?;
    Ok(n)
}

impl Charts {
    /// Reads the charts of a scenario.
    pub fn new(s: &ResolvedScenario) -> Result<Charts, DataError> {
        let crt_c = chart(s, "pg/crt")?;
        let mut crt = Vec::new();
        for row in 0..crt_c.rows.len() {
            let mut cells = [CombatResult {
                attacker: SideResult::NONE,
                defender: SideResult::NONE,
            }; 8];
            for (i, (a, d)) in ODDS.iter().enumerate() {
                let col = format!("{a}-{d}");
                let t = text_at(crt_c, row, &col)?;
                let (l, r) = t.split_once('/').ok_or_else(|| {
                    DataError::new(
                        &crt_c.id,
                        format!("rows[{row}].{col}"),
                        "a result reads ATTACKER/DEFENDER",
                    )
                    .with_rule("10.8")
                })?;
                let bad = || {
                    DataError::new(
                        &crt_c.id,
                        format!("rows[{row}].{col}"),
                        format!("cannot read result {t:?}"),
                    )
                    .with_rule("10.8")
                };
                cells[i] = CombatResult {
                    attacker: SideResult::parse(l).ok_or_else(bad)?,
                    defender: SideResult::parse(r).ok_or_else(bad)?,
                };
            }
            crt.push(cells);
        }
        let bomb_c = chart(s, "pg/bombardment")?;
        let mut bombardment = Vec::new();
        let cols = ["2", "3", "4-5", "6-7", "8-10", "11+"];
        for row in 0..bomb_c.rows.len() {
            let mut cells = [SideResult::NONE; 6];
            for (i, col) in cols.iter().enumerate() {
                let t = text_at(bomb_c, row, col)?;
                cells[i] = SideResult::parse(&t).ok_or_else(|| {
                    DataError::new(
                        &bomb_c.id,
                        format!("rows[{row}].{col}"),
                        format!("cannot read result {t:?}"),
                    )
                    .with_rule("8.3")
                })?;
            }
            bombardment.push(cells);
        }
        let ll = chart(s, "pg/leader-loss")?;
        let mut leader_loss = [0u8; 6];
        for (i, slot) in leader_loss.iter_mut().enumerate() {
            let roll = i as i64 + 1;
            let row = ll
                .row_for_roll(roll)
                .ok_or_else(|| DataError::new(&ll.id, "rows", format!("no row for roll {roll}")))?;
            *slot = match text_at(ll, row, "result")?.as_str() {
                "none" => 0,
                "wounded" => 1,
                "killed" => 2,
                other => {
                    return Err(DataError::new(
                        &ll.id,
                        format!("rows[{row}].result"),
                        format!("expected none, wounded or killed, found {other:?}"),
                    ));
                }
            };
        }
        let charts = Charts {
            crt_first_roll: roll_rows(crt_c)?,
            crt,
            bombardment_first_roll: roll_rows(bomb_c)?,
            bombardment,
            cc_drm: named(chart(s, "pg/cc-drm")?, "drm")?,
            bombardment_drm: named(chart(s, "pg/bombardment-drm")?, "drm")?,
            rally: named(chart(s, "pg/rally")?, "modifier")?,
            leader_loss,
        };
        if charts.crt.is_empty() || charts.bombardment.is_empty() {
            return Err(DataError::new(
                "pg/crt",
                "rows",
                "a results table needs rows",
            ));
        }
        Ok(charts)
    }

    /// The CRT result for a modified roll and odds column (rows clamp at both ends).
    pub fn crt(&self, modified: i16, column: usize) -> CombatResult {
        let row = (modified - i16::from(self.crt_first_roll)).clamp(0, self.crt.len() as i16 - 1);
        self.crt[row as usize][column.min(7)]
    }

    /// The bombardment result for a modified roll and total BS (total 1: none, 8.3).
    pub fn bombardment(&self, modified: i16, total_bs: u8) -> SideResult {
        let Some(col) = BS_COLUMNS.iter().rposition(|&lo| total_bs >= lo) else {
            return SideResult::NONE;
        };
        let first = i16::from(self.bombardment_first_roll);
        let row = (modified - first).clamp(0, self.bombardment.len() as i16 - 1);
        self.bombardment[row as usize][col]
    }

    fn find(list: &[(String, i8)], id: &str) -> i8 {
        list.iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| *v)
            .unwrap_or(0)
    }

    /// A named close combat DRM (0 when the chart does not list it).
    pub fn cc(&self, id: &str) -> i8 {
        Self::find(&self.cc_drm, id)
    }

    /// A named bombardment DRM.
    pub fn bomb(&self, id: &str) -> i8 {
        Self::find(&self.bombardment_drm, id)
    }

    /// A named rally modifier.
    pub fn rally_mod(&self, id: &str) -> i8 {
        Self::find(&self.rally, id)
    }
}

/// The odds column for attacker and defender SP, rounded in the defender's favour (10.3).
pub fn odds_column(att: u16, def: u16) -> usize {
    if def == 0 {
        return ODDS.len() - 1;
    }
    let mut col = 0;
    for (i, (a, d)) in ODDS.iter().enumerate() {
        if u32::from(att) * u32::from(*d) >= u32::from(def) * u32::from(*a) {
            col = i;
        }
    }
    col
}

/// A side result as printed ("2R*", "-").
pub fn format_side(r: &SideResult) -> alloc::string::String {
    use alloc::string::String;
    use core::fmt::Write;
    let mut out = String::new();
    match r.lp {
        Lp::N(0) if !(r.rout || r.retreat || r.surrender || r.artillery) => return "-".to_string(),
        Lp::N(0) => {}
        Lp::N(n) if r.paren => {
            let _ = write!(out, "({n})");
        }
        Lp::N(n) => {
            let _ = write!(out, "{n}");
        }
        Lp::Ex => out.push_str("Ex"),
        Lp::ExPlus1 => out.push_str("Ex+1"),
    }
    for (flag, c) in [
        (r.rout, 'R'),
        (r.retreat, 'r'),
        (r.surrender, 'S'),
        (r.artillery, '*'),
    ] {
        if flag {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r10_3_ratio_examples_round_for_the_defender() {
        // T-25: 5 vs 4 is 1-1; 4 vs 5 is 1-2; 7 vs 4 is 3-2.
        assert_eq!(ODDS[odds_column(5, 4)], (1, 1));
        assert_eq!(ODDS[odds_column(4, 5)], (1, 2));
        assert_eq!(ODDS[odds_column(7, 4)], (3, 2));
        assert_eq!(ODDS[odds_column(1, 9)], (1, 3));
        assert_eq!(ODDS[odds_column(30, 2)], (5, 1));
    }

    #[test]
    fn r10_8_result_grammar() {
        let r = SideResult::parse("4RS*").unwrap();
        assert_eq!(r.lp, Lp::N(4));
        assert!(r.rout && r.surrender && r.artillery && !r.retreat);
        let r = SideResult::parse("(1)r").unwrap();
        assert!(r.paren && r.retreat);
        assert_eq!(SideResult::parse("Exr").unwrap().lp, Lp::Ex);
        assert!(SideResult::parse("Exr").unwrap().retreat);
        assert_eq!(SideResult::parse("Ex+1").unwrap().lp, Lp::ExPlus1);
        assert_eq!(SideResult::parse("-").unwrap(), SideResult::NONE);
        assert!(SideResult::parse("2x").is_none());
        assert!(SideResult::parse("(2").is_none());
    }
}
