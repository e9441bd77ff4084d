//! AUS 7.5: how the Allied columns come onto the map in scenario 5.
//!
//! Before play the Allied player plots, in secret, an entry area (A to E) and an hour turn for
//! each column (the commands of AUS 3.2b), with at most one column per entry area and turn.
//! The army commanders and the army HQ ride with any column he names, Buxhowden with a Left
//! Wing column. In play:
//!
//! 1. at the start of each Allied Movement Phase on an hour turn, every column whose plotted
//!    turn has come and that has not yet made its roll rolls two dice: 9 or more arrives, less
//!    1 at entry area A and less 2 at E ([`Task::ArrivalRoll`]); a failed column rolls again
//!    on the next hour turn;
//! 2. each entry area keeps a queue in plotted order: a column may only come on when every
//!    column plotted before it there is on the map, and a column that made its roll while
//!    blocked keeps the success; the columns waiting that way come on one per turn, from the
//!    turn after the blocking one ([`ColumnStatus::Banked`], [`ColumnStatus::Due`]);
//! 3. a column that is due enters by the normal reinforcement rules (16.4, 1.1e).
//!
//! The scenario file gives the default plan (`reinforcements[].fields.column`, turn and
//! place) and the procedure (`rules.allied_arrival`). With the `player-setup` option the
//! Allied set-up segment offers `PlotArrival` and `RideWith` to change it. The plan and the
//! rolls are the Allied player's secret: the French observation shows neither.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{DataError, ResolvedScenario};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;
use crate::nbs::event::Event;
use crate::nbs::state::{ColumnPlan, ColumnStatus, Phase, Place, State, Task, UnitId};
use crate::nbs::{Action, Arrival, Nbs};

/// One entry area of the plot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryArea {
    /// The map place id (`entry-a` ...).
    pub place: String,
    /// Its entry hex.
    pub hex: Hex,
    /// The arrival roll modifier (AUS 7.5: -1 at A, -2 at E).
    pub modifier: i8,
}

/// A counter that travels with a column of the player's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rider {
    /// The counter.
    pub unit: UnitId,
    /// The columns it may join (indexes of [`ColumnRules::columns`]); every column when
    /// empty.
    pub columns: Vec<u8>,
}

/// The scenario's arrival procedure (`rules.allied_arrival`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnRules {
    /// The side whose columns these are.
    pub side: Side,
    /// The entry areas, in plot order (A to E).
    pub entries: Vec<EntryArea>,
    /// The two-dice total needed, before the entry modifier (AUS 7.5: 9).
    pub need: u8,
    /// The columns' codes (the commands of AUS 3.2b).
    pub columns: Vec<String>,
    /// Who may ride with a column of the player's choice (AUS 7.5: the Tsar, the Kaiser,
    /// Katusov and the army HQ with any column; Buxhowden with a Left Wing column, AUS 3.2c).
    pub riders: Vec<Rider>,
    /// The default plan, per column: entry index and turn (the scenario file's).
    pub plan: Vec<ColumnPlan>,
    /// The default rider assignments.
    pub rider_columns: Vec<(UnitId, u8)>,
}

impl Nbs {
    /// Reads `rules.allied_arrival` and the columns of the reinforcements
    /// (`fields.column`), checking the default plan against AUS 7.5. Leaves `self.columns`
    /// `None` when the scenario has no such rule.
    pub(in crate::nbs) fn load_columns(
        &mut self,
        s: &ResolvedScenario,
        rules: &serde_json::Value,
    ) -> Result<(), DataError> {
        let Some(r) = rules.get("allied_arrival") else {
            return Ok(());
        };
        let id = s.scenario.id.clone();
        let err = |at: &str, why: String| {
            DataError::new(&id, format!("rules.allied_arrival{at}"), why).with_rule("AUS 7.5")
        };
        let strs = |k: &str| -> Vec<String> {
            r.get(k)
                .and_then(|v| v.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default()
        };
        let mut entries = Vec::new();
        for p in strs("entries") {
            let hex = s
                .map
                .place(&p)
                .and_then(|pl| pl.hexes.first())
                .and_then(|h| self.board.grid.parse(h).ok())
                .ok_or_else(|| err(".entries", format!("no place `{p}` with a hex on the map")))?;
            let modifier = r
                .get("modifiers")
                .and_then(|m| m.get(&p))
                .and_then(serde_json::Value::as_i64)
                .unwrap_or(0);
            entries.push(EntryArea {
                place: p,
                hex,
                modifier: i8::try_from(modifier)
                    .map_err(|_| err(".modifiers", format!("{modifier} is out of range")))?,
            });
        }
        if entries.is_empty() || entries.len() > usize::from(u8::MAX) {
            return Err(err(".entries", "needs one to 255 entry places".into()));
        }
        let need = r
            .get("success")
            .and_then(serde_json::Value::as_u64)
            .and_then(|n| u8::try_from(n).ok())
            .filter(|n| (2..=12).contains(n))
            .ok_or_else(|| err(".success", "needs a two-dice total from 2 to 12".into()))?;
        let columns = strs("columns");
        if columns.is_empty() || columns.len() > 64 {
            return Err(err(".columns", "needs one to 64 columns".into()));
        }
        let col_of = |c: &str| columns.iter().position(|x| x == c).map(|i| i as u8);
        // Each reinforcement of a column: its column, and the column's default plot.
        let mut plan: Vec<Option<ColumnPlan>> = alloc::vec![None; columns.len()];
        let mut tagged: Vec<(UnitId, u8)> = Vec::new();
        for (n, rf) in s.scenario.reinforcements.iter().enumerate() {
            let Some(c) = rf.fields.get("column").and_then(|c| c.as_str()) else {
                continue;
            };
            let at = format!("reinforcements[{n}].fields.column");
            let col = col_of(c).ok_or_else(|| {
                DataError::new(
                    &id,
                    &at,
                    format!("`{c}` is not a column of rules.allied_arrival"),
                )
                .with_rule("AUS 7.5")
            })?;
            let entry = rf
                .place
                .as_deref()
                .and_then(|p| entries.iter().position(|e| e.place == p))
                .ok_or_else(|| {
                    DataError::new(&id, &at, "a column enters at one of the entry places")
                        .with_rule("AUS 7.5")
                })? as u8;
            let turn = u16::try_from(rf.turn).unwrap_or(u16::MAX);
            let p = ColumnPlan {
                entry,
                turn,
                status: ColumnStatus::Waiting,
            };
            match plan[usize::from(col)] {
                None => plan[usize::from(col)] = Some(p),
                Some(q) if q.entry == p.entry && q.turn == p.turn => {}
                Some(_) => {
                    return Err(DataError::new(
                        &id,
                        &at,
                        format!("column {c} is split between entries or turns"),
                    )
                    .with_rule("AUS 7.5"));
                }
            }
            if let Some(u) = self.unit_index(&rf.unit) {
                tagged.push((u, col));
            }
        }
        let plan: Vec<ColumnPlan> = plan
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                p.ok_or_else(|| err(".columns", format!("column {} has no units", columns[i])))
            })
            .collect::<Result<_, _>>()?;
        for (i, p) in plan.iter().enumerate() {
            self.plot_check(&plan, &columns, entries.len(), i as u8, p.entry, p.turn)
                .map_err(|e| err("", format!("the default plan: {}", e.reason)))?;
        }
        // Riders: the army leaders with any column, Buxhowden with a Left Wing column.
        let mut riders = Vec::new();
        for u in strs("army_leaders_join_any_column") {
            let unit = self
                .unit_index(&u)
                .ok_or_else(|| err(".army_leaders_join_any_column", format!("no counter `{u}`")))?;
            riders.push(Rider {
                unit,
                columns: Vec::new(),
            });
        }
        let left: Vec<u8> = strs("left_wing_columns")
            .iter()
            .map(|c| col_of(c).ok_or_else(|| err(".left_wing_columns", format!("no column `{c}`"))))
            .collect::<Result<_, _>>()?;
        for u in strs("left_wing_riders") {
            let unit = self
                .unit_index(&u)
                .ok_or_else(|| err(".left_wing_riders", format!("no counter `{u}`")))?;
            riders.push(Rider {
                unit,
                columns: left.clone(),
            });
        }
        let mut rider_columns = Vec::new();
        for rd in &riders {
            let Some(&(_, c)) = tagged.iter().find(|(u, _)| *u == rd.unit) else {
                return Err(err(
                    ".riders",
                    format!("{} arrives with no column", self.name(rd.unit)),
                ));
            };
            rider_columns.push((rd.unit, c));
        }
        // The columns' side: that of their units (every column has some, checked above).
        let side = self.units[usize::from(tagged.first().map_or(0, |t| t.0))].side;
        if let Some(&(u, _)) = tagged
            .iter()
            .find(|(u, _)| self.units[usize::from(*u)].side != side)
        {
            return Err(err(
                ".columns",
                format!("{} is on the other side from the columns", self.name(u)),
            ));
        }
        for (u, c) in tagged {
            if let Some(a) = self.arrivals.iter_mut().find(|a| a.unit == u) {
                a.column = Some(c);
            }
        }
        self.columns = Some(ColumnRules {
            side,
            entries,
            need,
            columns,
            riders,
            plan,
            rider_columns,
        });
        Ok(())
    }

    /// Fixes the default plan after the variants moved units between columns (AUS 4.2c:
    /// returned columns arrive with Bagration): a column left without units of its own is
    /// dropped from the plot, and a rider with it goes to the first column it may join.
    /// Puts the plan into the first state.
    pub(in crate::nbs) fn settle_columns(&mut self, s: &mut State) {
        let Some(cr) = self.columns.as_ref() else {
            return;
        };
        let live: Vec<bool> = (0..cr.columns.len() as u8)
            .map(|c| self.column_has_units(c))
            .collect();
        let mut rider_columns = cr.rider_columns.clone();
        for (u, c) in &mut rider_columns {
            if !live[usize::from(*c)] {
                if let Some(rd) = cr.riders.iter().find(|r| r.unit == *u) {
                    if let Some(n) = (0..live.len() as u8).find(|&n| {
                        live[usize::from(n)] && (rd.columns.is_empty() || rd.columns.contains(&n))
                    }) {
                        *c = n;
                    }
                }
            }
        }
        s.columns = cr.plan.clone();
        for (c, p) in s.columns.iter_mut().enumerate() {
            if !live[c] {
                p.turn = 0; // no longer plotted: it never conflicts with a live column
            }
        }
        s.riders = rider_columns.clone();
        if let Some(cr) = self.columns.as_mut() {
            cr.rider_columns = rider_columns;
        }
    }

    /// Whether column `c` has units of its own (not only riders).
    fn column_has_units(&self, c: u8) -> bool {
        let Some(cr) = self.columns.as_ref() else {
            return false;
        };
        self.arrivals
            .iter()
            .any(|a| a.column == Some(c) && !cr.riders.iter().any(|r| r.unit == a.unit))
    }

    /// The column a reinforcement travels with now (a rider's plotted column).
    fn column_of(&self, s: &State, a: &Arrival) -> Option<u8> {
        let c = a.column?;
        Some(
            s.riders
                .iter()
                .find(|(u, _)| *u == a.unit)
                .map_or(c, |&(_, c)| c),
        )
    }

    /// The column unit `u` arrives with (AUS 7.5), if the scenario plots columns.
    pub fn column_of_unit(&self, s: &State, u: UnitId) -> Option<u8> {
        self.columns.as_ref()?;
        let a = self.arrivals.iter().find(|a| a.unit == u)?;
        self.column_of(s, a)
    }

    /// Where and whether a reinforcement may enter now (16.4; AUS 7.5 for a column: only
    /// once its column is due).
    pub(in crate::nbs) fn arrival_now(&self, s: &State, a: &Arrival) -> Option<Hex> {
        match (self.columns.as_ref(), self.column_of(s, a)) {
            (Some(cr), Some(c)) => {
                let p = s.columns.get(usize::from(c))?;
                match p.status {
                    ColumnStatus::Due(t) if t <= s.turn => {
                        cr.entries.get(usize::from(p.entry)).map(|e| e.hex)
                    }
                    _ => None,
                }
            }
            _ => (a.turn <= s.turn).then_some(a.hex),
        }
    }

    /// Why a column's unit may not enter yet (AUS 7.5), for the refusal of `Enter`.
    pub(in crate::nbs) fn column_wait(&self, s: &State, u: UnitId) -> Option<String> {
        let cr = self.columns.as_ref()?;
        let a = self.arrivals.iter().find(|a| a.unit == u)?;
        let c = self.column_of(s, a)?;
        let p = s.columns.get(usize::from(c))?;
        let name = &cr.columns[usize::from(c)];
        Some(match p.status {
            ColumnStatus::Waiting if p.turn > s.turn => format!(
                "column {name} is plotted for {}",
                self.turn_info(p.turn).label
            ),
            ColumnStatus::Waiting => format!("column {name} has not made its arrival roll"),
            ColumnStatus::Banked => {
                format!("column {name} waits for the columns plotted before it at its entry")
            }
            ColumnStatus::Due(_) | ColumnStatus::Unknown => return None,
        })
    }

    /// Whether turn `t` is an hour turn (its Turn Record label ends on the hour).
    pub(in crate::nbs) fn hour_turn(&self, t: u16) -> bool {
        self.turn_info(t).label.ends_with(":00")
    }

    /// AUS 7.5: whether column `c` may be plotted at entry `entry` (of `entries`) on turn
    /// `turn`, with the other columns as in `plan`.
    fn plot_check(
        &self,
        plan: &[ColumnPlan],
        names: &[String],
        entries: usize,
        c: u8,
        entry: u8,
        turn: u16,
    ) -> Result<(), Illegal> {
        if usize::from(entry) >= entries {
            return Err(Illegal::new(
                "AUS 7.5",
                "columns enter at entry areas A to E",
            ));
        }
        if turn < self.first_turn || turn > self.last_turn() {
            return Err(Illegal::new(
                "AUS 7.5",
                format!("turn {turn} is not a turn of the scenario"),
            ));
        }
        if !self.hour_turn(turn) {
            return Err(Illegal::new(
                "AUS 7.5",
                format!(
                    "a column arrives on an hour turn, not {}",
                    self.turn_info(turn).label
                ),
            ));
        }
        if let Some(o) = plan
            .iter()
            .enumerate()
            .position(|(i, p)| i != usize::from(c) && p.entry == entry && p.turn == turn)
        {
            return Err(Illegal::new(
                "AUS 7.5",
                format!(
                    "column {} is already plotted at that entry on {}",
                    names[o],
                    self.turn_info(turn).label
                ),
            ));
        }
        Ok(())
    }

    /// The Set-Up Phase's plot actions (AUS 7.5): each column to each free entry and hour
    /// turn, and each rider to each column it may join.
    pub(in crate::nbs) fn plot_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let Some(cr) = self.columns.as_ref().filter(|cr| cr.side == side) else {
            return;
        };
        let hours: Vec<u16> = (self.first_turn..=self.last_turn())
            .filter(|&t| self.hour_turn(t))
            .collect();
        for c in 0..cr.columns.len() as u8 {
            if !self.column_has_units(c) {
                continue;
            }
            let Some(p) = s.columns.get(usize::from(c)) else {
                continue;
            };
            for e in 0..cr.entries.len() as u8 {
                for &t in &hours {
                    if (e, t) != (p.entry, p.turn)
                        && !s.columns.iter().any(|q| q.entry == e && q.turn == t)
                    {
                        out.push(Action::PlotArrival {
                            column: c,
                            entry: e,
                            turn: t,
                        });
                    }
                }
            }
        }
        for rd in &cr.riders {
            let now = s
                .riders
                .iter()
                .find(|(u, _)| *u == rd.unit)
                .map(|&(_, c)| c);
            for c in 0..cr.columns.len() as u8 {
                if Some(c) != now
                    && self.column_has_units(c)
                    && (rd.columns.is_empty() || rd.columns.contains(&c))
                {
                    out.push(Action::RideWith {
                        unit: rd.unit,
                        column: c,
                    });
                }
            }
        }
    }

    /// Applies `PlotArrival` or `RideWith` in the Set-Up Phase (AUS 7.5).
    pub(in crate::nbs) fn plot_action(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(cr) = self.columns.as_ref().filter(|cr| cr.side == side) else {
            return Err(Illegal::new(
                "AUS 7.5",
                "only the Allied player of scenario 5 plots column arrivals",
            ));
        };
        match *a {
            Action::PlotArrival {
                column,
                entry,
                turn,
            } => {
                if usize::from(column) >= cr.columns.len() || !self.column_has_units(column) {
                    return Err(Illegal::new(
                        "AUS 7.5",
                        format!("there is no column {column} to plot"),
                    ));
                }
                self.plot_check(
                    &s.columns,
                    &cr.columns,
                    cr.entries.len(),
                    column,
                    entry,
                    turn,
                )?;
                let p = &mut s.columns[usize::from(column)];
                p.entry = entry;
                p.turn = turn;
                ev.push(Event::ColumnPlotted {
                    owner: side,
                    column: cr.columns[usize::from(column)].clone(),
                    entry: cr.entries[usize::from(entry)].hex,
                    turn,
                });
                Ok(())
            }
            Action::RideWith { unit, column } => {
                let Some(rd) = cr.riders.iter().find(|r| r.unit == unit) else {
                    return Err(Illegal::new(
                        "AUS 7.5",
                        format!("{} arrives with its own column", self.name(unit)),
                    ));
                };
                if usize::from(column) >= cr.columns.len()
                    || !self.column_has_units(column)
                    || !(rd.columns.is_empty() || rd.columns.contains(&column))
                {
                    return Err(Illegal::new(
                        if rd.columns.is_empty() {
                            "AUS 7.5"
                        } else {
                            "AUS 3.2c"
                        },
                        format!("{} may not travel with that column", self.name(unit)),
                    ));
                }
                match s.riders.iter_mut().find(|(u, _)| *u == unit) {
                    Some(x) => x.1 = column,
                    None => s.riders.push((unit, column)),
                }
                ev.push(Event::ColumnPlotted {
                    owner: side,
                    column: cr.columns[usize::from(column)].clone(),
                    entry: cr.entries[usize::from(s.columns[usize::from(column)].entry)].hex,
                    turn: s.columns[usize::from(column)].turn,
                });
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// At the start of the columns' side's Movement Phase: the arrival rolls of an hour
    /// turn, then the queues move on (AUS 7.5).
    pub(in crate::nbs) fn columns_phase_start(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(cr) = self.columns.as_ref() else {
            return;
        };
        if s.phase != Phase::Movement || self.phasing(s) != cr.side {
            return;
        }
        let rolling: Vec<u8> = if self.hour_turn(s.turn) {
            (0..s.columns.len() as u8)
                .filter(|&c| {
                    let p = s.columns[usize::from(c)];
                    p.status == ColumnStatus::Waiting
                        && p.turn <= s.turn
                        && self.column_has_units(c)
                })
                .collect()
        } else {
            Vec::new()
        };
        if rolling.is_empty() {
            self.release_columns(s, ev);
            return;
        }
        // The first column rolls first: the stack's top is the last pushed.
        for &c in rolling.iter().rev() {
            s.tasks.push(Task::ArrivalRoll { column: c });
        }
    }

    /// AUS 7.5: column `c`'s arrival roll (two dice).
    pub(in crate::nbs) fn resolve_arrival_roll(
        &self,
        s: &mut State,
        c: u8,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(cr) = self.columns.as_ref() else {
            return;
        };
        let Some(p) = s.columns.get_mut(usize::from(c)) else {
            return;
        };
        let modifier = cr
            .entries
            .get(usize::from(p.entry))
            .map_or(0, |e| e.modifier);
        let total = i16::from(roll) + i16::from(modifier);
        let arrives = total >= i16::from(cr.need);
        if arrives {
            p.status = ColumnStatus::Banked;
        }
        ev.push(Event::ArrivalRolled {
            owner: cr.side,
            column: cr.columns[usize::from(c)].clone(),
            roll,
            modifier,
            need: cr.need,
            arrives,
        });
        if !matches!(s.tasks.last(), Some(Task::ArrivalRoll { .. })) {
            self.release_columns(s, ev);
        }
    }

    /// AUS 7.5: at each entry, the first column of the queue comes on if it has made its
    /// roll, every column plotted before it there is on the map, and no column came on
    /// there this turn.
    fn release_columns(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(cr) = self.columns.as_ref() else {
            return;
        };
        for e in 0..cr.entries.len() as u8 {
            let mut queue: Vec<u8> = (0..s.columns.len() as u8)
                .filter(|&c| s.columns[usize::from(c)].entry == e && self.column_has_units(c))
                .collect();
            queue.sort_by_key(|&c| (s.columns[usize::from(c)].turn, c));
            if queue
                .iter()
                .any(|&c| s.columns[usize::from(c)].status == ColumnStatus::Due(s.turn))
            {
                continue; // one column per entry per turn
            }
            for c in queue {
                match s.columns[usize::from(c)].status {
                    ColumnStatus::Due(_) if self.column_on_map(s, c) => continue,
                    ColumnStatus::Banked => {
                        s.columns[usize::from(c)].status = ColumnStatus::Due(s.turn);
                        ev.push(Event::ColumnDue {
                            owner: cr.side,
                            column: cr.columns[usize::from(c)].clone(),
                            hex: cr.entries[usize::from(e)].hex,
                        });
                    }
                    _ => {}
                }
                break;
            }
        }
    }

    /// Whether every unit of column `c` has left the off-map box (entered, or gone).
    fn column_on_map(&self, s: &State, c: u8) -> bool {
        self.arrivals
            .iter()
            .filter(|a| self.column_of(s, a) == Some(c))
            .all(|a| s.units[usize::from(a.unit)].place != Place::Off)
    }

    /// The columns' plot as the other side sees it: hidden until a column is due.
    pub(in crate::nbs) fn hide_plot(&self, o: &mut State, viewer: Side) {
        if self.columns.as_ref().is_none_or(|cr| cr.side == viewer) {
            return;
        }
        for p in &mut o.columns {
            if !matches!(p.status, ColumnStatus::Due(_)) {
                *p = ColumnPlan {
                    entry: 0,
                    turn: 0,
                    status: ColumnStatus::Unknown,
                };
            }
        }
        o.riders.clear();
    }

    /// A column's code, for messages.
    pub fn column_name(&self, c: u8) -> String {
        self.columns
            .as_ref()
            .and_then(|cr| cr.columns.get(usize::from(c)))
            .map_or_else(|| c.to_string(), Clone::clone)
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::ColumnStatus;
    use crate::dice::DiceSpec;
    use crate::engine::{EventInfo, Rules};
    use crate::nbs::state::{Phase, Place, State, Task};
    use crate::nbs::tests::{apply, id, rules, with_options};
    use crate::nbs::{ALLIED, Action, Event, FRENCH, Nbs};

    const AG_L: u8 = 0;
    const L1: u8 = 1;
    const L2: u8 = 2;
    const L3: u8 = 3;
    const C2: u8 = 5;
    const CV: u8 = 6;
    const RIGHT: u8 = 7;

    /// The Allied Movement Phase of `turn` begins; returns the events.
    fn allied_movement(r: &Nbs, s: &mut State, turn: u16) -> Vec<Event> {
        s.turn = turn;
        s.player_turn = 0;
        s.phase = Phase::Movement;
        s.tasks.clear();
        let mut ev = Vec::new();
        r.enter_phase(s, &mut ev);
        ev
    }

    /// Resolves the pending arrival rolls, each column rolling `roll(column)` on two dice.
    fn roll_all(r: &Nbs, mut s: State, roll: impl Fn(u8) -> u32) -> (State, Vec<Event>) {
        let mut all = Vec::new();
        while let Some(&Task::ArrivalRoll { column }) = s.tasks.last() {
            let (n, ev) = apply(
                r,
                &s,
                Action::Roll(DiceSpec::TwoD6.roll(roll(column)).unwrap()),
            );
            s = n;
            all.extend(ev);
        }
        (s, all)
    }

    /// The units of column `c` (riders included).
    fn column_units(r: &Nbs, s: &State, c: u8) -> Vec<crate::nbs::UnitId> {
        r.arrivals
            .iter()
            .filter(|a| r.column_of(s, a) == Some(c))
            .map(|a| a.unit)
            .collect()
    }

    fn entering(r: &Nbs, s: &State) -> Vec<crate::nbs::UnitId> {
        let mut v = Vec::new();
        r.legal_actions(s, &mut v);
        let mut u: Vec<_> = v
            .iter()
            .filter_map(|a| match a {
                Action::Enter { unit, .. } => Some(*unit),
                _ => None,
            })
            .collect();
        u.sort();
        u.dedup();
        u
    }

    /// AUS 7.5: from its plotted hour turn each column rolls two dice and arrives on 9 or
    /// more, less 1 at entry area A and less 2 at E; only arrived columns may enter, and
    /// the plot and the rolls stay hidden from the French.
    #[test]
    fn aus7_5_arrival_roll_needs_9_with_the_entry_modifiers() {
        let r = rules("nbs/austerlitz-5");
        let mut s = r.initial_state();
        assert_eq!(s.columns.len(), 9);
        allied_movement(&r, &mut s, 1);
        // The five columns plotted for 10:00 roll, in column order.
        let pending: Vec<u8> = s
            .tasks
            .iter()
            .rev()
            .filter_map(|t| match t {
                Task::ArrivalRoll { column } => Some(*column),
                _ => None,
            })
            .collect();
        assert_eq!(pending, [AG_L, L1, L2, CV, RIGHT]);
        let (s, ev) = roll_all(&r, s, |c| match c {
            AG_L => 10, // E: 10 - 2 = 8, delayed
            L1 => 9,    // C: 9, arrives
            L2 => 8,    // D: 8, delayed
            CV => 12,   // B: arrives
            _ => 9,     // Right at A: 9 - 1 = 8, delayed
        });
        let made: Vec<(&str, bool)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::ArrivalRolled {
                    column, arrives, ..
                } => Some((column.as_str(), *arrives)),
                _ => None,
            })
            .collect();
        assert_eq!(
            made,
            [
                ("AG-L", false),
                ("1-L", true),
                ("2-L", false),
                ("Cv", true),
                ("Right", false)
            ]
        );
        assert!(ev.iter().all(|e| !e.visible_to(FRENCH)
            || !matches!(e, Event::ArrivalRolled { .. } | Event::ColumnDue { .. })));
        assert_eq!(s.columns[usize::from(L1)].status, ColumnStatus::Due(1));
        assert_eq!(s.columns[usize::from(AG_L)].status, ColumnStatus::Waiting);
        let mut want: Vec<_> = column_units(&r, &s, L1);
        want.extend(column_units(&r, &s, CV));
        want.sort();
        assert_eq!(entering(&r, &s), want);
        // Bagration's column failed: its entry is refused, naming the rule and why.
        let bag = id(&r, "L-Bagration");
        let e = r
            .applied(
                &s,
                &Action::Enter {
                    unit: bag,
                    hex: r.columns.as_ref().unwrap().entries[0].hex,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "AUS 7.5");
        assert!(e.reason.contains("has not made its arrival roll"), "{e}");
        // The French see neither the plot nor the riders, only the columns that are due.
        let o = r.observation(&s, FRENCH);
        assert_eq!(o.columns[usize::from(AG_L)].status, ColumnStatus::Unknown);
        assert_eq!(o.columns[usize::from(AG_L)].turn, 0);
        assert_eq!(o.columns[usize::from(L1)], s.columns[usize::from(L1)]);
        assert!(o.riders.is_empty() && !s.riders.is_empty());
        assert_eq!(r.observation(&s, ALLIED).columns, s.columns);
    }

    /// AUS 7.5: an entry area is a queue in plotted order. A column behind one that has not
    /// arrived keeps its successful roll and comes on one turn after the one ahead is on the
    /// map; failed columns roll again only on hour turns.
    #[test]
    fn aus7_5_queue_per_entry_hex_and_banked_successes() {
        let r = rules("nbs/austerlitz-5");
        let mut s = r.initial_state();
        let status = |s: &State, c: u8| s.columns[usize::from(c)].status;
        // Turn 1 (10:00): everything fails.
        allied_movement(&r, &mut s, 1);
        let (mut s, _) = roll_all(&r, s, |_| 2);
        // Turn 2 (10:30) is no hour turn: nobody rolls.
        allied_movement(&r, &mut s, 2);
        assert!(s.tasks.is_empty());
        // Turn 3 (11:00): 1-L fails again at C, 3-L behind it succeeds and waits.
        allied_movement(&r, &mut s, 3);
        let (mut s2, _) = roll_all(&r, s, |c| if c == L3 { 12 } else { 2 });
        assert_eq!(status(&s2, L1), ColumnStatus::Waiting);
        assert_eq!(status(&s2, L3), ColumnStatus::Banked);
        let px = id(&r, "L-Przybyczewsky");
        let at = r.columns.as_ref().unwrap().entries[2].hex;
        let e = r
            .applied(&s2, &Action::Enter { unit: px, hex: at })
            .unwrap_err();
        assert!(
            e.reason.contains("waits for the columns plotted before it"),
            "{e}"
        );
        // Turn 5 (12:00): 1-L makes it, 2-C (also at C) succeeds too; 3-L still waits.
        allied_movement(&r, &mut s2, 5);
        let (mut s, ev) = roll_all(&r, s2, |c| if c == L1 || c == C2 { 12 } else { 2 });
        assert_eq!(status(&s, L1), ColumnStatus::Due(5));
        assert_eq!(status(&s, L3), ColumnStatus::Banked);
        assert_eq!(status(&s, C2), ColumnStatus::Banked);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ColumnDue { column, .. } if column == "1-L"))
        );
        // 1-L enters.
        for u in column_units(&r, &s, L1) {
            s.units[usize::from(u)].place = Place::At(at);
        }
        // Turn 6 (12:30): no rolls, but 3-L comes on, the turn after the blocker.
        allied_movement(&r, &mut s, 6);
        assert!(s.tasks.is_empty());
        assert_eq!(status(&s, L3), ColumnStatus::Due(6));
        assert!(entering(&r, &s).contains(&px));
        // Turn 7 (13:00): 3-L is not all on yet, so 2-C keeps waiting.
        allied_movement(&r, &mut s, 7);
        let (mut s, _) = roll_all(&r, s, |_| 2);
        assert_eq!(status(&s, C2), ColumnStatus::Banked);
        for u in column_units(&r, &s, L3) {
            s.units[usize::from(u)].place = Place::At(at);
        }
        allied_movement(&r, &mut s, 8);
        assert_eq!(status(&s, C2), ColumnStatus::Due(8));
    }

    /// AUS 7.5 with the Set-Up Phase: the Allied player plots entry areas and hour turns,
    /// one column per entry and turn, and assigns the riders (the army commanders with any
    /// column, Buxhowden with a Left Wing column, AUS 3.2c).
    #[test]
    fn aus7_5_allied_player_plots_the_arrivals() {
        let r = with_options(
            "nbs/austerlitz-5",
            serde_json::json!({ "player-setup": true }),
        )
        .unwrap();
        let s = r.initial_state();
        assert_eq!((s.phase, r.phasing(&s)), (Phase::SetUp, ALLIED));
        let mut v = Vec::new();
        r.legal_actions(&s, &mut v);
        assert!(v.iter().any(|a| matches!(a, Action::PlotArrival { .. })));
        assert!(v.contains(&Action::EndSetUp));
        let gd = 8u8;
        // C at 10:00 is 1-L's.
        let e = r
            .applied(
                &s,
                &Action::PlotArrival {
                    column: gd,
                    entry: 2,
                    turn: 1,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "AUS 7.5");
        assert!(e.reason.contains("1-L"), "{e}");
        // 10:30 is no hour turn.
        let e = r
            .applied(
                &s,
                &Action::PlotArrival {
                    column: gd,
                    entry: 4,
                    turn: 2,
                },
            )
            .unwrap_err();
        assert!(e.reason.contains("hour turn"), "{e}");
        assert!(!v.contains(&Action::PlotArrival {
            column: gd,
            entry: 2,
            turn: 1
        }));
        let (s, ev) = apply(
            &r,
            &s,
            Action::PlotArrival {
                column: gd,
                entry: 4,
                turn: 5,
            },
        );
        assert!(ev.iter().all(|e| !e.visible_to(FRENCH)));
        assert_eq!(
            (
                s.columns[usize::from(gd)].entry,
                s.columns[usize::from(gd)].turn
            ),
            (4, 5)
        );
        // Buxhowden rides with a Left Wing column only; Alexander with any.
        let bux = id(&r, "L-Buxhowden");
        let e = r
            .applied(
                &s,
                &Action::RideWith {
                    unit: bux,
                    column: CV,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "AUS 3.2c");
        let alex = id(&r, "L-Alexander-I");
        let s = apply(
            &r,
            &s,
            Action::RideWith {
                unit: alex,
                column: CV,
            },
        )
        .0;
        let s = apply(
            &r,
            &s,
            Action::RideWith {
                unit: bux,
                column: L3,
            },
        )
        .0;
        // Play to the Allied Movement Phase of turn 1: Alexander comes with the cavalry.
        let mut s = apply(&r, &s, Action::EndSetUp).0;
        while s.phase == Phase::SetUp {
            s = apply(&r, &s, Action::EndSetUp).0;
        }
        allied_movement(&r, &mut s, 1);
        let (s, _) = roll_all(&r, s, |c| if c == CV { 12 } else { 2 });
        let on = entering(&r, &s);
        assert!(on.contains(&alex));
        assert!(!on.contains(&bux));
        assert!(!on.contains(&id(&r, "L-Katusov")));
    }

    /// AUS 7.5 with AUS 4.2c: a column returned to Bagration travels with his, so it is
    /// neither plotted nor rolled for, and Buxhowden moves to another Left Wing column.
    #[test]
    fn aus7_5_with_aus4_2c_returned_columns_arrive_with_bagration() {
        let r = with_options(
            "nbs/austerlitz-5",
            serde_json::json!({ "aus-4.2c-1-L": true }),
        )
        .unwrap();
        let mut s = r.initial_state();
        let bux = id(&r, "L-Buxhowden");
        assert_eq!(
            s.riders.iter().find(|(u, _)| *u == bux).map(|x| x.1),
            Some(AG_L)
        );
        allied_movement(&r, &mut s, 1);
        assert!(!s.tasks.contains(&Task::ArrivalRoll { column: L1 }));
        let (s, _) = roll_all(&r, s, |c| if c == RIGHT { 12 } else { 2 });
        let on = entering(&r, &s);
        assert!(
            on.contains(&id(&r, "L-Doctorov")),
            "1-L comes with Bagration"
        );
        assert!(on.contains(&id(&r, "L-Bagration")));
    }

    /// AUS 7.5: a default plan that breaks the plot's limits is refused, naming the rule.
    #[test]
    fn aus7_5_default_plan_with_two_columns_on_one_entry_and_turn_is_refused() {
        let lib = crate::data::Library::builtin().unwrap();
        let mut sc = lib.scenario("nbs/austerlitz-5").unwrap();
        for rf in &mut sc.scenario.reinforcements {
            if rf.fields.get("column").and_then(|c| c.as_str()) == Some("3-L") {
                rf.turn = 1; // 1-L is plotted at C on turn 1
            }
        }
        let e = Nbs::new(&sc).unwrap_err();
        let text = alloc::format!("{e}");
        assert!(
            text.contains("AUS 7.5") && text.contains("already plotted"),
            "{text}"
        );
        for rf in &mut sc.scenario.reinforcements {
            if rf.fields.get("column").and_then(|c| c.as_str()) == Some("3-L") {
                rf.turn = 2; // 10:30
            }
        }
        let text = alloc::format!("{}", Nbs::new(&sc).unwrap_err());
        assert!(text.contains("hour turn"), "{text}");
    }
}
