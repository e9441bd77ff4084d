//! The command charts of a scenario, read once into plain arrays (10.1b, 10.1e, 10.1f, 10.2d,
//! 10.3a, AUS 3.5).
//!
//! Each value is taken from the rulebook chart (`nbs/<name>`); where that chart marks a cell
//! missing, the value comes from its completion (`nbs/<name>-provisional`) when the scenario
//! lists one. In strict mode a value that is provisional (from a completion, or marked so in a
//! user's replacement chart) is refused with a [`DataError`] naming the chart, the row and the
//! column, so a strict engine never plays a guess.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::data::{Chart, DataError, Mode, ResolvedScenario, Value};
use crate::nbs::types::{Method, OrderKind, Seq66};

/// A result of the Acceptance Table (10.1f).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Acceptance {
    /// `A`: the order is accepted.
    Accepted,
    /// `D4`, `D5`, `D6`: the order waits until a later one-die roll of at least this number.
    Delayed(u8),
    /// `Dt`: the order is misunderstood and thrown away.
    Distorted,
}

/// A result of the Initiative Table (10.2d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InitiativeResult {
    /// `LC`: the opponent gives the force a one-turn movement order (10.2g).
    LooseCannon,
    /// `NE`: nothing happens.
    NoEffect,
    /// `Init`: the leader may replace his orders with one of his own (10.2a).
    Initiative,
}

/// A value read from a completion because the rulebook chart lacks it (lenient mode).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ProvisionalCell {
    /// The completion chart the value came from.
    pub chart: String,
    /// The row key, as written in the chart.
    pub row: String,
    /// The column id.
    pub column: String,
}

/// Rolls of the 11..66 tables, in chart column order.
const ROLLS: usize = 36;

/// The command charts, parsed. Build with [`CommandTables::from_scenario`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CommandTables {
    /// Command Points by army commander's rating 0..=4 (10.1b).
    command_points: [u8; 5],
    /// Costs: oral, written (method); attack, non-attack (type) (10.1b).
    oral_cost: u8,
    written_cost: u8,
    attack_cost: u8,
    non_attack_cost: u8,
    /// Leader movement points one turn of delivery covers (10.1e).
    mp_per_turn: u32,
    /// Acceptance Number modifiers: AO, AW, IPO (10.1f).
    method_modifier: [i8; 3],
    /// Acceptance Number modifiers: Attack, Non-Attack (10.1f).
    kind_modifier: [i8; 2],
    /// Added when Francis holds army command (AUS 3.5).
    francis_modifier: i8,
    /// The Acceptance Number of `acceptance[0]`; lower numbers read that row.
    acceptance_first: i8,
    acceptance: Vec<[Acceptance; ROLLS]>,
    /// One die needed to lift D4, D5, D6 (10.1f).
    delay_needed: [u8; 3],
    /// The Initiative Points of `initiative[0]`; lower points read that row.
    initiative_first: i8,
    initiative: Vec<[InitiativeResult; ROLLS]>,
    /// Table 1 (10.3a): by row (wrecked + lost commander) and divisions 1..=10; `None` where
    /// the chart is blank (the case cannot occur).
    stoppage_column: Vec<[Option<u8>; 10]>,
    /// Table 2 (10.3a): minimum two-dice total by corps leader's rating 0..=4 and column 1..=4.
    stoppage_min: [[u8; 4]; 5],
    /// Added to the two dice at night (10.3a).
    night_modifier: i8,
    /// The values taken from completions (empty in strict mode).
    provisional: Vec<ProvisionalCell>,
}

/// One chart and its optional completion.
struct Source<'a> {
    primary: &'a Chart,
    completion: Option<&'a Chart>,
    rule: &'static str,
}

struct Reader<'a> {
    scenario: &'a ResolvedScenario,
    strict: bool,
    provisional: Vec<ProvisionalCell>,
}

fn cell_path(c: &Chart, row: usize, column: &str) -> String {
    match c.column_index(column) {
        Some(j) => format!("rows[{row}][{j}]"),
        None => format!("rows[{row}].{column}"),
    }
}

fn key_of(c: &Chart, row: usize) -> Option<String> {
    c.cell_at(row, &c.key)?
        .value
        .as_ref()
        .map(|v| v.to_string())
}

impl<'a> Reader<'a> {
    fn source(
        &self,
        id: &str,
        completion: Option<&str>,
        rule: &'static str,
    ) -> Result<Source<'a>, DataError> {
        let primary = self.scenario.chart(id).ok_or_else(|| {
            DataError::new(
                &self.scenario.scenario.id,
                "charts",
                format!("the command rules need the chart {id:?}"),
            )
            .with_rule(rule)
        })?;
        Ok(Source {
            primary,
            completion: completion.and_then(|c| self.scenario.chart(c)),
            rule,
        })
    }

    /// The value at row `key`, column `col`: the rulebook chart first, then the completion.
    fn value(&mut self, s: &Source<'_>, key: &str, col: &str) -> Result<Value, DataError> {
        let p = s.primary;
        let tag = |e: DataError| {
            let message = format!("row {key:?}, column {col:?}: {}", e.message);
            DataError { message, ..e }.with_rule(s.rule)
        };
        if let Some(r) = p.row_index(key) {
            if let Some(v) = p.get_at(r, col, Mode::Lenient).map_err(tag)? {
                if self.strict {
                    p.get_at(r, col, Mode::Strict).map_err(tag)?;
                }
                return Ok(v.clone());
            }
        }
        if let Some(c) = s.completion {
            if let Some(r) = c.row_index(key) {
                if let Some(v) = c.get_at(r, col, Mode::Lenient).map_err(tag)? {
                    if c.get_at(r, col, Mode::Strict).is_err() {
                        if self.strict {
                            return Err(DataError::new(
                                &c.id,
                                cell_path(c, r, col),
                                format!(
                                    "row {key:?}, column {col:?}: {} does not give this value \
                                     and the value of the completion is provisional; strict \
                                     mode refuses it",
                                    p.id
                                ),
                            )
                            .with_rule(s.rule));
                        }
                        self.provisional.push(ProvisionalCell {
                            chart: c.id.clone(),
                            row: key.to_string(),
                            column: col.to_string(),
                        });
                    }
                    return Ok(v.clone());
                }
            }
        }
        let path = p
            .row_index(key)
            .map_or_else(|| "rows".to_string(), |r| cell_path(p, r, col));
        let why = match s.completion {
            Some(c) => format!("missing in this chart and in its completion {}", c.id),
            None => "missing and no completion is given".to_string(),
        };
        Err(
            DataError::new(&p.id, path, format!("row {key:?}, column {col:?}: {why}"))
                .with_rule(s.rule),
        )
    }

    fn int(&mut self, s: &Source<'_>, key: &str, col: &str) -> Result<i64, DataError> {
        let v = self.value(s, key, col)?;
        v.as_int().ok_or_else(|| {
            DataError::new(
                &s.primary.id,
                "rows",
                format!("row {key:?}, column {col:?}: expected an integer, found {v}"),
            )
            .with_rule(s.rule)
        })
    }

    fn small(
        &mut self,
        s: &Source<'_>,
        key: &str,
        col: &str,
        lo: i64,
        hi: i64,
    ) -> Result<i64, DataError> {
        let v = self.int(s, key, col)?;
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(DataError::new(
                &s.primary.id,
                "rows",
                format!("row {key:?}, column {col:?}: {v} is outside {lo}..={hi}"),
            )
            .with_rule(s.rule))
        }
    }

    fn text(&mut self, s: &Source<'_>, key: &str, col: &str) -> Result<String, DataError> {
        Ok(match self.value(s, key, col)? {
            Value::Text(t) | Value::Result(t) => t,
            other => other.to_string(),
        })
    }
}

/// The key of the row holding `n` (a die-range or integer key), in either chart.
fn key_for(s: &Source<'_>, n: i64) -> Option<String> {
    let find = |c: &Chart| c.row_for_roll(n).and_then(|r| key_of(c, r));
    find(s.primary).or_else(|| s.completion.and_then(find))
}

/// The lowest and highest finite bounds of the row keys of both charts.
fn key_span(s: &Source<'_>) -> Option<(i64, i64)> {
    let mut span: Option<(i64, i64)> = None;
    for c in core::iter::once(s.primary).chain(s.completion) {
        for r in 0..c.rows.len() {
            let bounds: [Option<i64>; 2] = match c.cell_at(r, &c.key).and_then(|x| x.value.as_ref())
            {
                Some(Value::DieRange(d)) => [d.lo, d.hi],
                Some(Value::Int(v)) => [Some(*v), Some(*v)],
                _ => [None, None],
            };
            for b in bounds.into_iter().flatten() {
                span = Some(span.map_or((b, b), |(lo, hi)| (lo.min(b), hi.max(b))));
            }
        }
    }
    span
}

fn roll_column(i: usize) -> String {
    Seq66::from_index(i as u8).map_or_else(String::new, |r| r.value().to_string())
}

fn bad_code(s: &Source<'_>, key: &str, col: &str, code: &str) -> DataError {
    DataError::new(
        &s.primary.id,
        "rows",
        format!("row {key:?}, column {col:?}: unknown result {code:?}"),
    )
    .with_rule(s.rule)
}

/// Reads an 11..66 table stored expanded (one row per column of the printed chart, one column
/// per roll) into dense rows from the lowest key to the highest.
fn roll_table<T: Copy>(
    rd: &mut Reader<'_>,
    s: &Source<'_>,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<(i8, Vec<[T; ROLLS]>), DataError> {
    let (lo, hi) = key_span(s).ok_or_else(|| {
        DataError::new(&s.primary.id, "rows", "the chart has no numbered rows").with_rule(s.rule)
    })?;
    let first = i8::try_from(lo).map_err(|_| {
        DataError::new(
            &s.primary.id,
            "rows",
            format!("row key {lo} is out of range"),
        )
        .with_rule(s.rule)
    })?;
    let mut out = Vec::new();
    for n in lo..=hi {
        let key = key_for(s, n).ok_or_else(|| {
            DataError::new(&s.primary.id, "rows", format!("no row holds {n}")).with_rule(s.rule)
        })?;
        let mut row = Vec::with_capacity(ROLLS);
        for i in 0..ROLLS {
            let col = roll_column(i);
            let code = rd.text(s, &key, &col)?;
            row.push(parse(&code).ok_or_else(|| bad_code(s, &key, &col, &code))?);
        }
        let row: [T; ROLLS] = row
            .try_into()
            .map_err(|_| DataError::new(&s.primary.id, "rows", "36 rolls expected"))?;
        out.push(row);
    }
    Ok((first, out))
}

impl CommandTables {
    /// Reads the command charts of a scenario: `nbs/command-points`, `nbs/order-costs`,
    /// `nbs/order-delivery`, `nbs/acceptance-modifiers`, `nbs/acceptance-table` (with
    /// `nbs/acceptance-table-provisional`), `nbs/acceptance-delay`, `nbs/initiative-table`,
    /// `nbs/stoppage-column` (with `nbs/stoppage-column-provisional`),
    /// `nbs/stoppage-minimum-roll` and `nbs/stoppage-modifiers`.
    ///
    /// With `strict`, any provisional value is an error naming its chart, row and column.
    pub fn from_scenario(sc: &ResolvedScenario, strict: bool) -> Result<CommandTables, DataError> {
        let mut rd = Reader {
            scenario: sc,
            strict,
            provisional: Vec::new(),
        };

        let s = rd.source("nbs/command-points", None, "10.1b")?;
        let mut command_points = [0u8; 5];
        for (rating, cp) in command_points.iter_mut().enumerate() {
            let key = key_for(&s, rating as i64).ok_or_else(|| {
                DataError::new(&s.primary.id, "rows", format!("no row for rating {rating}"))
                    .with_rule("10.1b")
            })?;
            *cp = rd.small(&s, &key, "command_points", 0, 255)? as u8;
        }

        let s = rd.source("nbs/order-costs", None, "10.1b")?;
        let oral_cost = rd.small(&s, "Oral", "cost", 0, 255)? as u8;
        let written_cost = rd.small(&s, "Written", "cost", 0, 255)? as u8;
        let attack_cost = rd.small(&s, "Attack", "cost", 0, 255)? as u8;
        let non_attack_cost = rd.small(&s, "Non-Attack", "cost", 0, 255)? as u8;

        let s = rd.source("nbs/order-delivery", None, "10.1e")?;
        let mp_per_turn = rd.small(&s, "leader_mp_per_turn", "value", 1, 1000)? as u32;

        let s = rd.source("nbs/acceptance-modifiers", None, "10.1f")?;
        let mut m = |k: &str| rd.small(&s, k, "modifier", -20, 20).map(|v| v as i8);
        let method_modifier = [m("AO")?, m("AW")?, m("IPO")?];
        let kind_modifier = [m("Attack")?, m("Non-Attack")?];
        let francis_modifier = m("francis_army_commander")?;

        let s = rd.source(
            "nbs/acceptance-table",
            Some("nbs/acceptance-table-provisional"),
            "10.1f",
        )?;
        let (acceptance_first, acceptance) = roll_table(&mut rd, &s, |c| {
            Some(match c {
                "A" => Acceptance::Accepted,
                "Dt" => Acceptance::Distorted,
                "D4" => Acceptance::Delayed(4),
                "D5" => Acceptance::Delayed(5),
                "D6" => Acceptance::Delayed(6),
                _ => return None,
            })
        })?;

        let s = rd.source("nbs/acceptance-delay", None, "10.1f")?;
        let mut delay_needed = [0u8; 3];
        for (i, d) in delay_needed.iter_mut().enumerate() {
            let key = format!("D{}", i + 4);
            *d = match rd.value(&s, &key, "die_needed")? {
                Value::DieRange(r) => r.lo.and_then(|v| u8::try_from(v).ok()),
                Value::Int(v) => u8::try_from(v).ok(),
                _ => None,
            }
            .filter(|v| (1..=6).contains(v))
            .ok_or_else(|| {
                DataError::new(
                    &s.primary.id,
                    "rows",
                    format!("{key}: expected a die range 1..6"),
                )
                .with_rule("10.1f")
            })?;
        }

        let s = rd.source("nbs/initiative-table", None, "10.2d")?;
        let (initiative_first, initiative) = roll_table(&mut rd, &s, |c| {
            Some(match c {
                "LC" => InitiativeResult::LooseCannon,
                "NE" => InitiativeResult::NoEffect,
                "Init" => InitiativeResult::Initiative,
                _ => return None,
            })
        })?;

        let s = rd.source(
            "nbs/stoppage-column",
            Some("nbs/stoppage-column-provisional"),
            "10.3a",
        )?;
        let (lo, hi) = key_span(&s).unwrap_or((0, 0));
        let mut stoppage_column = Vec::new();
        for wrecked in lo.max(0)..=hi {
            let mut row = [None; 10];
            if let Some(key) = key_for(&s, wrecked) {
                for (d, cell) in row.iter_mut().enumerate() {
                    let col = (d + 1).to_string();
                    if s.primary.column_index(&col).is_none() {
                        continue;
                    }
                    let code = rd.text(&s, &key, &col)?;
                    *cell = match code.as_str() {
                        "-" => None,
                        c => Some(
                            c.parse::<u8>()
                                .ok()
                                .filter(|v| (1..=4).contains(v))
                                .ok_or_else(|| bad_code(&s, &key, &col, c))?,
                        ),
                    };
                }
            }
            stoppage_column.push(row);
        }

        let s = rd.source("nbs/stoppage-minimum-roll", None, "10.3a")?;
        let mut stoppage_min = [[0u8; 4]; 5];
        for (rating, row) in stoppage_min.iter_mut().enumerate() {
            let key = key_for(&s, rating as i64).ok_or_else(|| {
                DataError::new(&s.primary.id, "rows", format!("no row for rating {rating}"))
                    .with_rule("10.3a")
            })?;
            for (c, v) in row.iter_mut().enumerate() {
                *v = rd.small(&s, &key, &(c + 1).to_string(), 0, 99)? as u8;
            }
        }

        let s = rd.source("nbs/stoppage-modifiers", None, "10.3a")?;
        let night_modifier = rd.small(&s, "night", "modifier", -20, 20)? as i8;

        Ok(CommandTables {
            command_points,
            oral_cost,
            written_cost,
            attack_cost,
            non_attack_cost,
            mp_per_turn,
            method_modifier,
            kind_modifier,
            francis_modifier,
            acceptance_first,
            acceptance,
            delay_needed,
            initiative_first,
            initiative,
            stoppage_column,
            stoppage_min,
            night_modifier,
            provisional: rd.provisional,
        })
    }

    /// The values taken from completion charts (none in strict mode).
    pub fn provisional_cells(&self) -> &[ProvisionalCell] {
        &self.provisional
    }

    /// Command Points for an army commander of this rating (10.1b); ratings above 4 read as 4.
    pub fn command_points(&self, army_rating: u8) -> u8 {
        self.command_points[usize::from(army_rating.min(4))]
    }

    /// What an order costs: one method plus one type (10.1b). In-person orders are oral
    /// (10.1a).
    pub fn order_cost(&self, method: Method, kind: OrderKind) -> u8 {
        let m = match method {
            Method::AideOral | Method::InPerson => self.oral_cost,
            Method::AideWritten => self.written_cost,
        };
        let k = match kind {
            OrderKind::Attack => self.attack_cost,
            OrderKind::NonAttack => self.non_attack_cost,
        };
        m.saturating_add(k)
    }

    /// Turns an aide takes to carry an order along a route costing `leader_mp` leader movement
    /// points: the cost over ten, rounded up (10.1e). An in-person order takes 0 turns.
    pub fn delivery_turns(&self, leader_mp: u32) -> u8 {
        u8::try_from(leader_mp.div_ceil(self.mp_per_turn)).unwrap_or(u8::MAX)
    }

    /// The Acceptance Number (10.1f): both ratings, the method and type modifiers, and the
    /// Austerlitz penalty while Francis holds army command (AUS 3.5).
    pub fn acceptance_number(
        &self,
        sender_rating: u8,
        receiver_rating: u8,
        method: Method,
        kind: OrderKind,
        francis_in_command: bool,
    ) -> i8 {
        let m = self.method_modifier[match method {
            Method::AideOral => 0,
            Method::AideWritten => 1,
            Method::InPerson => 2,
        }];
        let k = self.kind_modifier[match kind {
            OrderKind::Attack => 0,
            OrderKind::NonAttack => 1,
        }];
        let f = if francis_in_command {
            self.francis_modifier
        } else {
            0
        };
        let total = i16::from(sender_rating)
            + i16::from(receiver_rating)
            + i16::from(m)
            + i16::from(k)
            + i16::from(f);
        total.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8
    }

    /// The Acceptance Table result for this number and roll (10.1f); numbers beyond the
    /// printed columns read the end column.
    pub fn acceptance(&self, an: i8, roll: Seq66) -> Acceptance {
        self.acceptance[clamp_row(an, self.acceptance_first, self.acceptance.len())]
            [usize::from(roll.index())]
    }

    /// Whether a delay-reduction die lifts a delay of `delay` (4, 5 or 6): the die must reach
    /// the number (10.1f).
    pub fn delay_accepts(&self, delay: u8, d6: u8) -> bool {
        let needed = match delay {
            4..=6 => self.delay_needed[usize::from(delay - 4)],
            other => other,
        };
        d6 >= needed
    }

    /// The Initiative Table result for these Initiative Points and roll (10.2d); points of 0
    /// or less read the first column, 4 or more the last.
    pub fn initiative(&self, ip: i8, roll: Seq66) -> InitiativeResult {
        self.initiative[clamp_row(ip, self.initiative_first, self.initiative.len())]
            [usize::from(roll.index())]
    }

    /// Table 1 of Corps Attack Stoppage (10.3a): the column (1–4) of Table 2 for a corps of
    /// `divisions` divisions with `wrecked_plus_lost` wrecked (counting a lost original
    /// commander as one). `None` where the table has no entry: no divisions, more than ten,
    /// a row beyond the table, or a blank cell (more wrecked than can occur).
    pub fn stoppage_column(&self, wrecked_plus_lost: u8, divisions: u8) -> Option<u8> {
        if !(1..=10).contains(&divisions) {
            return None;
        }
        self.stoppage_column
            .get(usize::from(wrecked_plus_lost))?
            .get(usize::from(divisions - 1))
            .copied()
            .flatten()
    }

    /// The minimum two-dice total to pass a Corps Attack Stoppage check (10.3a): Table 1 gives
    /// the column, Table 2 the number for the current corps leader's rating (ratings above 4
    /// read as 4). `None` as for [`CommandTables::stoppage_column`].
    pub fn stoppage_min_roll(
        &self,
        wrecked_divisions_plus_commander_lost: u8,
        divisions: u8,
        leader_rating: u8,
    ) -> Option<u8> {
        let col = self.stoppage_column(wrecked_divisions_plus_commander_lost, divisions)?;
        Some(self.stoppage_min[usize::from(leader_rating.min(4))][usize::from(col - 1)])
    }

    /// The unmodified two-dice total needed to pass, given Table 2's minimum: at night the
    /// dice lose 3 (10.3a), so more is needed. `None` when no roll of two dice can pass.
    pub fn stoppage_needed(&self, min: u8, night: bool) -> Option<u8> {
        let m = if night { self.night_modifier } else { 0 };
        let needed = (i16::from(min) - i16::from(m)).max(2);
        (needed <= 12).then_some(needed as u8)
    }

    /// Whether a two-dice total passes a stoppage check needing `min` (10.3a), with the night
    /// modifier applied to the dice. A check is never failed on purpose (10.3a): the caller
    /// rolls and reports the dice.
    pub fn stoppage_passes(&self, min: u8, two_dice_sum: u8, night: bool) -> bool {
        let m = if night { self.night_modifier } else { 0 };
        i16::from(two_dice_sum) + i16::from(m) >= i16::from(min)
    }
}

fn clamp_row(n: i8, first: i8, len: usize) -> usize {
    let last = i16::from(first) + len as i16 - 1;
    (i16::from(n).clamp(i16::from(first), last) - i16::from(first)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;

    pub(crate) fn tables() -> CommandTables {
        let lib = Library::builtin().unwrap();
        let sc = lib.scenario("nbs/austerlitz-1").unwrap();
        CommandTables::from_scenario(&sc, false).unwrap()
    }

    fn roll(v: u8) -> Seq66 {
        Seq66::from_value(v).unwrap()
    }

    #[test]
    fn r10_1b_command_points_and_costs() {
        let t = tables();
        assert_eq!(
            (0..=4).map(|r| t.command_points(r)).collect::<Vec<_>>(),
            [7, 10, 10, 15, 15]
        );
        assert_eq!(t.command_points(9), 15);
        assert_eq!(t.order_cost(Method::AideOral, OrderKind::Attack), 7);
        assert_eq!(t.order_cost(Method::AideWritten, OrderKind::Attack), 10);
        assert_eq!(t.order_cost(Method::InPerson, OrderKind::NonAttack), 3);
        assert_eq!(t.order_cost(Method::AideWritten, OrderKind::NonAttack), 6);
    }

    #[test]
    fn r10_1e_delivery_rounds_up() {
        let t = tables();
        assert_eq!(t.delivery_turns(0), 0);
        assert_eq!(t.delivery_turns(1), 1);
        assert_eq!(t.delivery_turns(10), 1);
        assert_eq!(t.delivery_turns(11), 2);
        assert_eq!(t.delivery_turns(27), 3);
    }

    #[test]
    fn r10_1f_acceptance_number_and_table() {
        let t = tables();
        // AN = sender + receiver + method + type.
        assert_eq!(
            t.acceptance_number(1, 4, Method::AideWritten, OrderKind::Attack, false),
            3
        );
        assert_eq!(
            t.acceptance_number(2, 2, Method::AideOral, OrderKind::NonAttack, false),
            3
        );
        assert_eq!(
            t.acceptance_number(2, 2, Method::InPerson, OrderKind::NonAttack, false),
            5
        );
        // AUS 3.5: Francis in command costs 2.
        assert_eq!(
            t.acceptance_number(0, 4, Method::AideWritten, OrderKind::Attack, true),
            0
        );
        // The printed Dt range: AN 0 distorts on 11-14.
        assert_eq!(t.acceptance(0, roll(14)), Acceptance::Distorted);
        assert_ne!(t.acceptance(0, roll(15)), Acceptance::Distorted);
        // Below and above the printed columns read the end columns.
        assert_eq!(t.acceptance(-9, roll(16)), Acceptance::Distorted);
        assert_eq!(t.acceptance(-3, roll(16)), Acceptance::Distorted);
        assert_eq!(t.acceptance(20, roll(11)), Acceptance::Accepted);
        // Delay reduction: the die must reach the delay.
        assert!(!t.delay_accepts(5, 4));
        assert!(t.delay_accepts(5, 5));
        assert!(t.delay_accepts(4, 6));
        assert!(!t.delay_accepts(6, 5));
    }

    #[test]
    fn r10_2d_initiative_columns() {
        let t = tables();
        // Column 0 or less: LC to 25, Init only on 66.
        assert_eq!(t.initiative(-3, roll(25)), InitiativeResult::LooseCannon);
        assert_eq!(t.initiative(0, roll(26)), InitiativeResult::NoEffect);
        assert_eq!(t.initiative(0, roll(66)), InitiativeResult::Initiative);
        // Column 4 or more: LC only on 11, Init from 44.
        assert_eq!(t.initiative(7, roll(11)), InitiativeResult::LooseCannon);
        assert_eq!(t.initiative(4, roll(12)), InitiativeResult::NoEffect);
        assert_eq!(t.initiative(4, roll(43)), InitiativeResult::NoEffect);
        assert_eq!(t.initiative(4, roll(44)), InitiativeResult::Initiative);
        // Column 3: LC 11-12, Init 54-66.
        assert_eq!(t.initiative(3, roll(12)), InitiativeResult::LooseCannon);
        assert_eq!(t.initiative(3, roll(53)), InitiativeResult::NoEffect);
        assert_eq!(t.initiative(3, roll(54)), InitiativeResult::Initiative);
    }

    #[test]
    fn r10_strict_mode_refuses_a_provisional_command_cell_by_chart_row_and_column() {
        let lib = Library::builtin().unwrap();
        let sc = lib.scenario("nbs/austerlitz-1").unwrap();
        let e = CommandTables::from_scenario(&sc, true).unwrap_err();
        assert_eq!(e.file, "nbs/acceptance-table-provisional");
        assert_eq!(e.rule.as_deref(), Some("10.1f"));
        assert!(e.message.contains("row \"-3-\", column \"31\""), "{e}");
        assert!(e.message.contains("strict"), "{e}");
        // Lenient mode records where the completion was used.
        let t = CommandTables::from_scenario(&sc, false).unwrap();
        assert!(
            t.provisional_cells()
                .iter()
                .any(|c| c.chart == "nbs/stoppage-column-provisional" && c.row == "2")
        );
        assert!(
            !t.provisional_cells()
                .iter()
                .any(|c| c.chart == "nbs/acceptance-table-provisional"
                    && c.row == "3"
                    && c.column == "25")
        );
    }
}
