//! The check tables of the chart booklet (F-1.6i), read once from the scenario's charts: the
//! Morale Check table (which 19.8 standard and 19.9 specific modifiers each check type uses),
//! the Disorder Check table (18.2, 18.5a, 10.7c: each type's modifiers), the Special
//! Disorder/Morale Check Results table (F-8.3, by nationality and check) and the hexside
//! morale modifiers of the TET (19.8h: field fortifications, F-9.1C).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{Chart, DataError, Mode, ResolvedScenario, Value};
use crate::fontenoy::state::CheckKind;
use crate::fontenoy::tables::chart;
use crate::fontenoy::types::{DisorderCheck, MoraleCheck, Nationality};

/// One Special Disorder/Morale Check Result (F-8.3), as the chart names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Special {
    /// Not special for this check: read the roll against the ER (18.6d, 19.5f, F-8.3a).
    #[default]
    Normal,
    /// The check passes whatever the ER.
    Pass,
    /// The check fails whatever the ER.
    Fail,
    /// The check fails, and every commander with the unit checks for loss (F-8.3a `*`,
    /// 21.4d).
    FailCommanders,
    /// Roll again with only this ER modifier (18.1a, 19.1a, F-8.3a); the second roll is never
    /// special (F-8.1).
    Reroll(i16),
    /// Sauve qui peut! (F-8.3b).
    SauveQuiPeut,
    /// Victoire! (F-8.3c).
    Victoire,
    /// Recall Fails (F-8.3d), on the Recall check DC(F).
    RecallFails,
}

impl Special {
    /// Reads a chart code.
    fn parse(code: &str) -> Option<Special> {
        Some(match code {
            "Normal roll" => Special::Normal,
            "Pass" => Special::Pass,
            "Fail" => Special::Fail,
            "Fail*" => Special::FailCommanders,
            "Sauve qui peut!" => Special::SauveQuiPeut,
            "Victoire!" => Special::Victoire,
            "Recall Fails" => Special::RecallFails,
            other => {
                let n = other.strip_prefix("Re-roll ")?;
                let n = n.strip_prefix('+').unwrap_or(n);
                Special::Reroll(n.parse().ok()?)
            }
        })
    }

    /// The name as the chart prints it.
    pub fn name(self) -> String {
        match self {
            Special::Normal => "Normal roll".into(),
            Special::Pass => "Pass".into(),
            Special::Fail => "Fail".into(),
            Special::FailCommanders => "Fail*".into(),
            Special::Reroll(n) => format!("Re-roll {n:+}"),
            Special::SauveQuiPeut => "Sauve qui peut!".into(),
            Special::Victoire => "Victoire!".into(),
            Special::RecallFails => "Recall Fails".into(),
        }
    }
}

/// One modifier row of the Morale Check table: its value and the check types it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleRow {
    /// The row id (`half_strength`, `shaken`, ...).
    pub id: String,
    /// The ER modifier (a multiplier for `commander`, `army_morale` and `terrain`).
    pub value: i16,
    /// Whether it applies to checks A–J.
    pub applies: [bool; 10],
}

/// Every check table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckTables {
    /// The Morale Check table's rows.
    pub morale: Vec<MoraleRow>,
    /// The Disorder Check table: each row id with its modifier for types A–G.
    pub disorder: Vec<(String, [i16; 7])>,
    /// The special results: by nationality (declaration order) and check (DC A–G, then MC
    /// A–J), for the rolls 00–09.
    pub special: Vec<[Special; 10]>,
    /// The TET's morale modifier of each hexside feature (19.8h), by feature bit.
    pub side_morale: Vec<(u16, i8)>,
}

const NATIONALITIES: [Nationality; 5] = [
    Nationality::French,
    Nationality::English,
    Nationality::Hanoverian,
    Nationality::Dutch,
    Nationality::Austrian,
];

/// The position of a check in the special-result rows: DC A–G are 0–6, MC A–J 7–16.
pub(crate) fn kind_index(k: CheckKind) -> usize {
    match k {
        CheckKind::Disorder(d) => d as usize,
        CheckKind::Morale(m) => 7 + m as usize,
    }
}

/// The chart code of a check: `DC-A`, `MC-J`.
pub fn kind_code(k: CheckKind) -> String {
    let (p, i) = match k {
        CheckKind::Disorder(d) => ("DC", d as u8),
        CheckKind::Morale(m) => ("MC", m as u8),
    };
    format!("{p}-{}", char::from(b'A' + i))
}

/// Every check, in [`kind_index`] order.
fn all_kinds() -> impl Iterator<Item = CheckKind> {
    use DisorderCheck as D;
    use MoraleCheck as M;
    [D::A, D::B, D::C, D::D, D::E, D::F, D::G]
        .into_iter()
        .map(CheckKind::Disorder)
        .chain(
            [M::A, M::B, M::C, M::D, M::E, M::F, M::G, M::H, M::I, M::J]
                .into_iter()
                .map(CheckKind::Morale),
        )
}

impl CheckTables {
    /// Reads the tables from the scenario's charts (the `-provisional` completions where the
    /// scenario has them).
    pub fn new(s: &ResolvedScenario) -> Result<CheckTables, DataError> {
        let mut t = CheckTables::from_charts(
            chart(s, "morale-check-table")?,
            chart(s, "disorder-check-table")?,
            chart(s, "special-disorder-morale")?,
        )?;
        let sides = chart(s, "hexside-effects")?;
        for (bit, id) in crate::fontenoy::board::side::IDS {
            if let Some(row) = sides.row_index(id) {
                let v = sides
                    .get_at(row, "morale_modifier", Mode::Lenient)?
                    .and_then(Value::as_int)
                    .unwrap_or(0);
                if v != 0 {
                    t.side_morale.push((bit, v.clamp(-99, 99) as i8));
                }
            }
        }
        Ok(t)
    }

    /// Reads the three check charts.
    pub fn from_charts(
        morale: &Chart,
        disorder: &Chart,
        special: &Chart,
    ) -> Result<CheckTables, DataError> {
        let mut t = CheckTables::default();
        let letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];
        for row in 0..morale.rows.len() {
            let id = match morale.get_at(row, "modifier", Mode::Lenient)? {
                Some(v) => v.to_string(),
                None => continue,
            };
            let value = morale
                .get_at(row, "value", Mode::Lenient)?
                .and_then(Value::as_int)
                .unwrap_or(0)
                .clamp(-99, 99) as i16;
            let mut applies = [false; 10];
            for (i, l) in letters.iter().enumerate() {
                // A standard modifier whose cell is missing applies: 19.8 says the standard
                // modifiers are used in all Morale Checks when their circumstances exist.
                applies[i] = match morale.get_at(row, l, Mode::Lenient)? {
                    Some(Value::Bool(b)) => *b,
                    Some(_) => false,
                    None => true,
                };
            }
            t.morale.push(MoraleRow { id, value, applies });
        }
        for row in 0..disorder.rows.len() {
            let id = match disorder.get_at(row, "modifier", Mode::Lenient)? {
                Some(v) => v.to_string(),
                None => continue,
            };
            let mut by = [0i16; 7];
            for (i, l) in letters.iter().take(7).enumerate() {
                by[i] = disorder
                    .get_at(row, l, Mode::Lenient)?
                    .and_then(Value::as_int)
                    .unwrap_or(0)
                    .clamp(-99, 99) as i16;
            }
            t.disorder.push((id, by));
        }
        for nat in NATIONALITIES {
            for kind in all_kinds() {
                let key = format!("{}/{}", nat.as_str(), kind_code(kind));
                let mut results = [Special::Normal; 10];
                if let Some(row) = special.row_index(&key) {
                    for (d, r) in results.iter_mut().enumerate() {
                        let col = format!("0{d}");
                        *r = match special.get_at(row, &col, Mode::Lenient)? {
                            Some(v) => {
                                let code = v.as_str().unwrap_or_default();
                                Special::parse(code).ok_or_else(|| {
                                    DataError::new(
                                        &special.id,
                                        format!("rows.{key}.{col}"),
                                        format!("`{code}` is not a special result the rules know"),
                                    )
                                })?
                            }
                            // A missing result: read the roll normally (the published chart
                            // leaves most of them unknown).
                            None => Special::Normal,
                        };
                    }
                }
                t.special.push(results);
            }
        }
        Ok(t)
    }

    /// The special result of `roll` (00–09) on check `k` for nationality `n`.
    pub fn special(&self, n: Nationality, k: CheckKind, roll: u8) -> Special {
        let nat = NATIONALITIES.iter().position(|&x| x == n).unwrap_or(0);
        self.special
            .get(nat * 17 + kind_index(k))
            .and_then(|r| r.get(usize::from(roll)))
            .copied()
            .unwrap_or_default()
    }

    /// The Morale Check table's modifier `id` for check `m`, if it applies to it.
    pub fn morale_mod(&self, id: &str, m: MoraleCheck) -> Option<i16> {
        self.morale
            .iter()
            .find(|r| r.id == id)
            .filter(|r| r.applies[m as usize])
            .map(|r| r.value)
    }

    /// The Disorder Check table's modifier `id` for check `d` (0 when it has none).
    pub fn disorder_mod(&self, id: &str, d: DisorderCheck) -> i16 {
        self.disorder
            .iter()
            .find(|(r, _)| r == id)
            .map_or(0, |(_, by)| by[d as usize])
    }

    /// The morale modifier of hexside feature `bit` (19.8h).
    pub fn side_morale(&self, bit: u16) -> i8 {
        self.side_morale
            .iter()
            .find(|(b, _)| *b == bit)
            .map_or(0, |(_, v)| *v)
    }
}
