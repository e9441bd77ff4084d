//! The charts and tables the hov rules read, from the scenario's chart files: the Combat
//! Results Table and its Affecting line (¶160–¶165), the Artillery Fire Table (¶158), the
//! Initiative Comparison Matrix (¶106, ¶190), the Pursuit Table (¶188), the March Attrition
//! Table (¶137, §27, §210), the Weather Table and Track (§26), the Fort Masking Table (§45).
//! Only §45 and the victory table are in the text; the rest are provisional data that the
//! files label (docs/hov-charts.md). Everything is read once into dense tables.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::types::{Army, Ratio};
use crate::data::{Chart, DataError, Mode, ResolvedScenario, Value};

/// The lowest and highest modified die the dense tables cover; rolls beyond read the end rows.
pub const DIE_LO: i16 = -6;
/// See [`DIE_LO`].
pub const DIE_HI: i16 = 14;

/// One CRT result (¶146 step 7): each side's number, and which side the bold number marks as
/// the loser.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CrtCell {
    /// The attacker's number: SP lost if it wins, or its loss as the loser.
    pub att: u8,
    /// The defender's number.
    pub def: u8,
    /// The bold number is the attacker's: the attacker lost.
    pub attacker_loses: bool,
}

/// A die table: the value of each modified roll from [`DIE_LO`] to [`DIE_HI`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DieTable<T>(Vec<T>);

impl<T: Copy + Default> DieTable<T> {
    /// The value for a modified roll (clamped to the table's range).
    pub fn at(&self, roll: i16) -> T {
        let i = (roll.clamp(DIE_LO, DIE_HI) - DIE_LO) as usize;
        self.0.get(i).copied().unwrap_or_default()
    }
}

/// The March Attrition Table's result (¶137, §170): SP lost, and the "+" mark that costs one
/// more SP in Severe weather, in Forced March and for the French with negative morale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attrition {
    /// SP lost.
    pub sp: u8,
    /// A "+" result.
    pub plus: bool,
}

/// One column of the March Attrition Table: an army, a length of march (or the No-LOC line)
/// and a force size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttritionColumn {
    /// The army heading.
    pub army: Army,
    /// The Length of March range in MP (`None` for the zero / No LOC line).
    pub march: Option<(u8, u8)>,
    /// The force size range in SP.
    pub size: (u16, u16),
    /// The results by modified die.
    pub table: DieTable<Attrition>,
}

/// The charts of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Charts {
    /// The CRT's columns, left to right (¶160).
    pub crt_columns: Vec<Ratio>,
    /// The same columns as the Affecting line reads them (¶163).
    pub crt_affecting: Vec<Ratio>,
    /// The CRT, `crt[column]` by modified die 0–6 (¶161).
    pub crt: Vec<[CrtCell; 7]>,
    /// The Artillery Fire Table by artillery SP 1.. (the last column for more), by die.
    pub artillery: Vec<DieTable<u8>>,
    /// The Initiative Comparison Matrix: `icm[active - 1][passive - 1]`, Initiatives 1–5
    /// (higher ratings read the 5 row or column).
    pub icm: [[i8; 5]; 5],
    /// The Pursuit Table: `pursuit[initiative - 1][retreat - 1]` by modified die.
    pub pursuit: Vec<Vec<DieTable<u8>>>,
    /// The March Attrition Table's columns.
    pub attrition: Vec<AttritionColumn>,
    /// The die modifier of each AP level (the provisional stand-in for the table's per-level
    /// columns, §210): (lowest level, highest level, modifier).
    pub attrition_ap: Vec<(i64, i64, i8)>,
    /// The weather types, in the Weather Table's order of first appearance (§26).
    pub weather_names: Vec<String>,
    /// The Weather Table: the weather type index by modified die.
    pub weather: DieTable<u8>,
    /// The Weather Track's modifier by Game-Turn (index 0 = turn 1).
    pub weather_drm: Vec<i8>,
    /// The effects key of the Weather Table by weather type (index as `weather_names`): the
    /// March Attrition die modifier (¶138, §35) and the combat die modifier (§37); provisional.
    pub weather_effects: Vec<(i8, i8)>,
    /// The Fort Masking Table (§45): the roll needed (0 = automatic) by attempt 1–5 (later
    /// attempts read row 5) and column 1:1.5, 1:1, 1.5:1, 2:1.
    pub masking: [[u8; 4]; 5],
}

fn chart<'a>(s: &'a ResolvedScenario, id: &str) -> Result<&'a Chart, DataError> {
    s.chart(id).ok_or_else(|| {
        DataError::new(
            &s.scenario.id,
            "charts",
            format!("the hov rules need the chart `{id}`"),
        )
    })
}

fn value<'a>(c: &'a Chart, row: usize, col: &str) -> Result<&'a Value, DataError> {
    c.get_at(row, col, Mode::Lenient)?.ok_or_else(|| {
        DataError::new(
            &c.id,
            format!("rows[{row}].{col}"),
            "the value is \"missing\"; the hov rules need it to play",
        )
    })
}

fn int(c: &Chart, row: usize, col: &str) -> Result<i64, DataError> {
    value(c, row, col)?
        .as_int()
        .ok_or_else(|| DataError::new(&c.id, format!("rows[{row}].{col}"), "expected an integer"))
}

fn text(c: &Chart, row: usize, col: &str) -> Result<String, DataError> {
    let v = value(c, row, col)?;
    Ok(v.as_str()
        .map_or_else(|| v.to_string(), ToString::to_string))
}

/// A die table from column `col`: each roll from [`DIE_LO`] to [`DIE_HI`] reads the row whose
/// key holds it, or the nearest end row.
fn die_table<T: Copy + Default>(
    c: &Chart,
    col: &str,
    read: &dyn Fn(usize) -> Result<T, DataError>,
) -> Result<DieTable<T>, DataError> {
    let mut out = Vec::new();
    let mut first: Option<T> = None;
    let mut last: Option<T> = None;
    let mut pending = 0usize;
    for roll in DIE_LO..=DIE_HI {
        match c.row_for_roll(i64::from(roll)) {
            Some(r) => {
                let v = read(r)?;
                if first.is_none() {
                    first = Some(v);
                    out.extend(core::iter::repeat_n(v, pending));
                    pending = 0;
                }
                out.push(v);
                last = Some(v);
            }
            None => match last {
                Some(v) => out.push(v),
                None => pending += 1,
            },
        }
    }
    if first.is_none() {
        return Err(DataError::new(
            &c.id,
            format!("columns.{col}"),
            "no row covers any die roll",
        ));
    }
    Ok(DieTable(out))
}

/// Reads an odds header `a:b` with decimal parts (`1.5:1` is 3:2).
fn ratio(text: &str) -> Option<Ratio> {
    let (a, b) = text.split_once(':')?;
    let part = |s: &str| -> Option<(u32, u32)> {
        match s.split_once('.') {
            None => Some((s.trim().parse().ok()?, 1)),
            Some((w, f)) => {
                let f = f.trim();
                let den = 10u32.checked_pow(f.len() as u32)?;
                Some((
                    w.trim().parse::<u32>().ok()? * den + f.parse::<u32>().ok()?,
                    den,
                ))
            }
        }
    };
    let (an, ad) = part(a)?;
    let (bn, bd) = part(b)?;
    Some(Ratio::new(an * bd, bn * ad))
}

/// Reads a CRT cell `3*/1`.
fn crt_cell(s: &str) -> Option<CrtCell> {
    let (a, d) = s.split_once('/')?;
    let (a, astar) = (a.trim_end_matches('*'), a.ends_with('*'));
    let (d, dstar) = (d.trim_end_matches('*'), d.ends_with('*'));
    if astar == dstar {
        return None;
    }
    Some(CrtCell {
        att: a.trim().parse().ok()?,
        def: d.trim().parse().ok()?,
        attacker_loses: astar,
    })
}

impl Charts {
    /// Reads the charts of a resolved scenario.
    pub fn new(s: &ResolvedScenario) -> Result<Charts, DataError> {
        let mut ch = Charts::default();

        // ¶160–¶161: the CRT, its columns named by their odds.
        let crt = chart(s, "hov/crt")?;
        for col in crt.columns.iter().skip(1) {
            let r = ratio(&col.id).ok_or_else(|| {
                DataError::new(&crt.id, format!("columns.{}", col.id), "expected odds a:b")
            })?;
            ch.crt_columns.push(r);
            let mut cells = [CrtCell::default(); 7];
            for (die, cell) in cells.iter_mut().enumerate() {
                let row = crt.row_for_roll(die as i64).ok_or_else(|| {
                    DataError::new(&crt.id, "rows", format!("no row for die {die}"))
                })?;
                let t = text(crt, row, &col.id)?;
                *cell = crt_cell(&t).ok_or_else(|| {
                    DataError::new(
                        &crt.id,
                        format!("rows[{row}].{}", col.id),
                        format!("`{t}`: expected two numbers, one starred as the loser's (3*/1)"),
                    )
                })?;
            }
            ch.crt.push(cells);
        }
        // ¶163: the Affecting line.
        let aff = chart(s, "hov/crt-affecting-columns")?;
        ch.crt_affecting = ch.crt_columns.clone();
        for row in 0..aff.rows.len() {
            let col = ratio(&text(aff, row, "column")?);
            let at = ratio(&text(aff, row, "affecting_odds")?);
            match (col, at) {
                (Some(c), Some(a)) => {
                    if let Some(i) = ch.crt_columns.iter().position(|x| *x == c) {
                        ch.crt_affecting[i] = a;
                    }
                }
                _ => {
                    return Err(DataError::new(
                        &aff.id,
                        format!("rows[{row}]"),
                        "expected two odds a:b",
                    ));
                }
            }
        }

        // ¶158: the Artillery Fire Table.
        let art = chart(s, "hov/artillery-fire")?;
        for col in art.columns.iter().skip(1) {
            let id = col.id.clone();
            ch.artillery.push(die_table(art, &col.id, &|r| {
                Ok(int(art, r, &id)?.clamp(0, 99) as u8)
            })?);
        }

        // ¶106: the Initiative Comparison Matrix.
        let icm = chart(s, "hov/initiative-comparison")?;
        for row in 0..icm.rows.len().min(5) {
            let active = int(icm, row, "active")?.clamp(1, 5) as usize;
            for p in 1..=5 {
                ch.icm[active - 1][p - 1] = int(icm, row, &format!("p{p}"))?.clamp(-9, 9) as i8;
            }
        }

        // ¶188: the Pursuit Table.
        let pu = chart(s, "hov/pursuit")?;
        for i in 1..=5 {
            let mut by_retreat = Vec::new();
            for r in 1..=6 {
                let id = format!("i{i}-r{r}");
                if pu.column_index(&id).is_none() {
                    break;
                }
                by_retreat.push(die_table(pu, &id, &|row| {
                    Ok(int(pu, row, &id)?.clamp(0, 99) as u8)
                })?);
            }
            ch.pursuit.push(by_retreat);
        }

        // ¶137, §210: the March Attrition Table.
        let at = chart(s, "hov/march-attrition")?;
        for col in at.columns.iter().skip(1) {
            let mut words = col.id.split(' ');
            let army = match words.next() {
                Some("french") => Army::French,
                Some("russian") => Army::Russian,
                Some("prussian") => Army::Prussian,
                Some("austrian") => Army::Austrian,
                _ => {
                    return Err(DataError::new(
                        &at.id,
                        format!("columns.{}", col.id),
                        "expected `<army> <march> <size>`",
                    ));
                }
            };
            let range = |s: Option<&str>| -> Option<(u16, u16)> {
                let s = s?;
                if let Some(lo) = s.strip_suffix('+') {
                    return Some((lo.parse().ok()?, u16::MAX));
                }
                match s.split_once('-') {
                    Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
                    None => {
                        let n = s.parse().ok()?;
                        Some((n, n))
                    }
                }
            };
            let m = words.next();
            let march = if m == Some("no-loc") {
                None
            } else {
                let r = range(m).ok_or_else(|| {
                    DataError::new(&at.id, format!("columns.{}", col.id), "bad length of march")
                })?;
                Some((r.0.min(255) as u8, r.1.min(255) as u8))
            };
            let size = range(words.next()).ok_or_else(|| {
                DataError::new(&at.id, format!("columns.{}", col.id), "bad force size")
            })?;
            let id = col.id.clone();
            let table = die_table(at, &col.id, &|r| {
                let t = text(at, r, &id)?;
                let plus = t.ends_with('+');
                let sp = t.trim_end_matches('+').parse::<u8>().map_err(|_| {
                    DataError::new(
                        &at.id,
                        format!("rows[{r}].{id}"),
                        "expected SP, with an optional +",
                    )
                })?;
                Ok(Attrition { sp, plus })
            })?;
            ch.attrition.push(AttritionColumn {
                army,
                march,
                size,
                table,
            });
        }
        let ap = chart(s, "hov/march-attrition-ap")?;
        for row in 0..ap.rows.len() {
            let lv = value(ap, row, "ap_level")?;
            let (lo, hi) = match lv {
                Value::DieRange(d) => (d.lo.unwrap_or(i64::MIN), d.hi.unwrap_or(i64::MAX)),
                v => {
                    let n = v.as_int().unwrap_or(0);
                    (n, n)
                }
            };
            ch.attrition_ap
                .push((lo, hi, int(ap, row, "drm")?.clamp(-9, 9) as i8));
        }

        // §26: the weather.
        let w = chart(s, "hov/weather")?;
        let mut names: Vec<String> = Vec::new();
        for row in 0..w.rows.len() {
            let n = text(w, row, "weather")?;
            if !names.contains(&n) {
                names.push(n);
                // ¶138, §35, §37: the effects of this weather (0 where the chart has none).
                let effect = |col: &str| -> Result<i8, DataError> {
                    match value(w, row, col) {
                        Ok(_) => Ok(int(w, row, col)?.clamp(-9, 9) as i8),
                        Err(_) => Ok(0),
                    }
                };
                ch.weather_effects
                    .push((effect("attrition")?, effect("combat")?));
            }
        }
        let names_ref = names.clone();
        ch.weather = die_table(w, "weather", &|r| {
            let n = text(w, r, "weather")?;
            Ok(names_ref.iter().position(|x| *x == n).unwrap_or(0) as u8)
        })?;
        ch.weather_names = names;
        let wd = chart(s, "hov/weather-drm")?;
        for row in 0..wd.rows.len() {
            let turn = int(wd, row, "turn")?;
            let drm = int(wd, row, "drm")?.clamp(-9, 9) as i8;
            if turn >= 1 {
                let t = turn as usize;
                if ch.weather_drm.len() < t {
                    ch.weather_drm.resize(t, 0);
                }
                ch.weather_drm[t - 1] = drm;
            }
        }

        // §45: the Fort Masking Table.
        let fm = chart(s, "hov/fort-masking")?;
        for (a, row) in ch.masking.iter_mut().enumerate() {
            let r = fm.row_for_roll(a as i64 + 1).ok_or_else(|| {
                DataError::new(&fm.id, "rows", format!("no row for attempt {}", a + 1))
            })?;
            for (k, col) in ["1:1.5", "1:1", "1.5:1", "2:1"].iter().enumerate() {
                let t = text(fm, r, col)?;
                row[k] = if t == "•" {
                    0
                } else {
                    t.trim_end_matches('+').parse().map_err(|_| {
                        DataError::new(&fm.id, format!("rows[{r}].{col}"), "expected `n+` or `•`")
                    })?
                };
            }
        }
        Ok(ch)
    }

    /// The Resistance Modifier of an active leader against a passive one (¶106).
    pub fn resistance(&self, active: u8, passive: u8) -> i8 {
        let a = usize::from(active.clamp(1, 5)) - 1;
        let p = usize::from(passive.clamp(1, 5)) - 1;
        self.icm[a][p]
    }

    /// The March Attrition die modifier of weather type `w` (¶138, §35; provisional).
    pub fn weather_attrition(&self, w: Option<u8>) -> i8 {
        w.and_then(|w| self.weather_effects.get(usize::from(w)))
            .map_or(0, |e| e.0)
    }

    /// The combat die modifier of weather type `w` (§37; provisional).
    pub fn weather_combat(&self, w: Option<u8>) -> i8 {
        w.and_then(|w| self.weather_effects.get(usize::from(w)))
            .map_or(0, |e| e.1)
    }

    /// The Weather Track's modifier for a Game-Turn.
    pub fn weather_modifier(&self, turn: u8) -> i8 {
        self.weather_drm
            .get(usize::from(turn).saturating_sub(1))
            .copied()
            .unwrap_or(0)
    }
}
