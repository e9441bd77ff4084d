//! Prussia's Glory (GMT): the rules of the rulebook text, 1.0 to 10.9.2, as the engine contract's
//! state machine, plus the minimum the text's missing sections need for a game to run and end,
//! each marked provisional (docs/coverage/pg.md lists every case).
//!
//! Module map by rule number:
//! * 3.0 sequence of play, 13/14 (provisional) — [`flow`]
//! * 4.1–4.5 activation, detachments, command — [`command`]
//! * 5 stacking, 6 ZOC/Engaged, 4.2/7.4/7.6 allowances — [`query`]
//! * 7 movement, 7.5 EZOC, 7.6 In Column, 7.6.3 forced deployment — [`movement`]
//! * 8 bombardment, 9.4 rally — [`bombard`]; 8.2 line of sight — [`Pg::clear_los`]
//! * 9.1–9.3, 10.8 results, 10.9 retreats — [`pending`]
//! * 10 close combat — [`combat`]; charts (Player Aid Cards, provisional) — [`charts`]

pub mod action;
pub mod board;
mod bombard;
pub mod bot;
pub mod charts;
mod combat;
mod command;
mod describe;
pub mod event;
mod flow;
mod listing;
pub mod los;
mod movement;
pub mod pending;
pub mod pghex;
mod query;
mod rules_list;
pub mod state;
#[cfg(test)]
mod tests;
pub mod units;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

pub use action::Action;
pub use bombard::Declaration;
pub use combat::{Combat, Stage};
pub use event::Event;
pub use movement::{MoveSearch, StepCosts};
pub use state::State;

use board::Board;
use charts::Charts;
use state::{Army, ArmyStatus, Cmd, Leader, Morale, Off, Phase, Piece, Unit};
use units::Pieces;

use crate::data::{DataError, ResolvedScenario};
use crate::dice::{DiceSpec, Prob, Roll};
use crate::engine::{
    Actor, BoardView, Chance, Illegal, MapView, PieceView, Preview, Prompt, Reached, Rules, Side,
    SystemInfo,
};
use crate::hex::Hex;
use crate::system::{Error, RulesSystem, ScenarioRules};

/// The pg system's facts.
pub static INFO: SystemInfo = SystemInfo {
    id: "pg",
    name: "Prussia's Glory",
    sides: ["Prussian", "Coalition"],
    dice: &[DiceSpec::D6],
};

/// A victory objective of the scenario (provisional victory rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Hexes (in or adjacent counts).
    pub hexes: Vec<Hex>,
    /// Side that scores.
    pub side: Side,
    /// VP.
    pub vp: i32,
    /// Infantry units needed.
    pub units: u8,
}

/// Scenario parameters (docs/pg-data.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Both armies start activated, no activation phase (4.1).
    pub battle_scenario: bool,
    /// Starting army morale of each side.
    pub army_morale: [i16; 2],
    /// Activation cost of each attempt, per side (4.1.1).
    pub activation_cost: [Vec<i16>; 2],
    /// The Zorndorf marsh cost for cavalry (7.3 example).
    pub marsh_cavalry_mp: Option<u8>,
    /// 5.3 reading (option `stacking_check`): `false` = the text's end-of-phase check (a unit
    /// may pass through a hex it would overstack but not stop there); `true` = `"each_step"`,
    /// no step may overstack a hex even in passing.
    pub stacking_each_step: bool,
    /// 8 reading (option `bombard_once_per`): `false` = `"game_turn"`, the text's "once per
    /// Turn" with Turn as 3.0 defines it (a battery that fired in one player turn's
    /// bombardment may not fire again until the next game turn, and a hex is bombarded at most
    /// once per game turn); `true` = `"phase"`, both limits reset at every bombardment phase.
    pub bombard_each_phase: bool,
    /// 4.2.2 reading (option `commander_trace`): `false` = `"command_radius"`, a unit traces
    /// command to the Army Commander as to its Wing Leader, within 5 hexes (the one distance
    /// 4.2.2 gives for tracing command; the text names none for this trace); `true` =
    /// `"any_distance"`, the two traces reach the Army Commander wherever he is.
    pub commander_trace_any_distance: bool,
    /// First and last turn.
    pub first_turn: u8,
    /// Last turn.
    pub last_turn: u8,
    /// Reinforcements: (turn, unit or leader, entry hex).
    pub reinforcements: Vec<(u8, Piece, Hex)>,
    /// Objectives.
    pub objectives: Vec<Objective>,
}

/// The Prussia's Glory rules bound to one scenario.
///
/// The map, counters, charts and map view never change in play and are shared between
/// clones (a new `Game` per game clones the rules); a caller that edits one gets its own copy
/// with `Arc::make_mut`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pg {
    /// Scenario id.
    pub scenario: String,
    /// The map.
    pub board: Arc<Board>,
    /// The counters.
    pub pieces: Arc<Pieces>,
    /// The charts.
    pub charts: Arc<Charts>,
    /// Scenario parameters.
    pub params: Params,
    /// The map as a front end draws it.
    pub map_view: Arc<MapView>,
    initial: State,
    /// The whole-position occupancy index last built for `reachable`, shared by the counters
    /// of one position (see [`query::OccMemo`]).
    pub(crate) occ_memo: query::OccMemo,
    /// The last Movement Phase listing, kept up to date step by step (see [`listing`]).
    pub(crate) list_memo: listing::ListMemo,
    /// The storage of the last `reachable` search, reused by the next one.
    pub(crate) reach_memo: crate::engine::Memo<crate::hex::Reach>,
}

fn side_pair<T: Copy>(
    s: &ResolvedScenario,
    v: Option<&serde_json::Value>,
    at: &str,
    f: impl Fn(&serde_json::Value) -> Option<T>,
) -> Result<[T; 2], DataError> {
    let mut out: [Option<T>; 2] = [None, None];
    for (i, side) in s.scenario.sides.iter().take(2).enumerate() {
        out[i] = v.and_then(|v| v.get(&side.id)).and_then(&f);
    }
    match out {
        [Some(a), Some(b)] => Ok([a, b]),
        _ => Err(DataError::new(
            &s.scenario.id,
            at,
            "a value is needed for each of the two sides",
        )),
    }
}

impl Pg {
    /// The unit or leader with this id.
    fn piece_named(&self, id: &str) -> Result<Piece, Illegal> {
        if let Some(u) = self.pieces.unit_index(id) {
            Ok(Piece::Unit(u))
        } else if let Some(l) = self.pieces.leader_index(id) {
            Ok(Piece::Leader(l))
        } else {
            Err(Illegal::new(
                "engine",
                format!("no counter {id:?} in this scenario"),
            ))
        }
    }

    /// The shortest-path problem that `reachable` solves for a counter: its cost hooks (7.3 to
    /// 7.5), start hex and allowance; `None` when the counter may not move now. For callers
    /// that run their own search over the same rules (the peer benchmark does).
    pub fn move_search<'a>(
        &'a self,
        s: &'a State,
        id: &str,
    ) -> Result<Option<MoveSearch<'a>>, Illegal> {
        Ok(self.move_search_of(s, self.piece_named(id)?))
    }

    /// The rules for a resolved pg scenario.
    pub fn new(s: &ResolvedScenario) -> Result<Pg, DataError> {
        let file = s.scenario.id.as_str();
        if s.scenario.sides.len() != 2 {
            return Err(DataError::new(
                file,
                "sides",
                "a pg scenario has exactly two sides (3.0)",
            ));
        }
        let marsh_cavalry_mp = s
            .scenario
            .rules
            .get("marsh_cavalry_mp")
            .and_then(|v| v.as_u64())
            .map(|v| v.min(99) as u8);
        let board = Board::new(s, marsh_cavalry_mp)?;
        let mut pieces = Pieces::new(s)?;
        // The army commander is the one set up on the map (a substitute commander may wait off
        // the map, e.g. Moritz of Anhalt-Dessau).
        for side in 0..2 {
            let placed = s.scenario.setup.iter().find_map(|pl| {
                pieces.leader_index(&pl.unit).filter(|&l| {
                    let info = &pieces.leaders[usize::from(l)];
                    info.commander && info.side.index() == side
                })
            });
            if placed.is_some() {
                pieces.commander[side] = placed;
            }
        }
        let charts = Charts::new(s)?;
        let rules = &s.scenario.rules;
        let battle_scenario = rules
            .get("battle_scenario")
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        let army_morale = side_pair(s, rules.get("army_morale"), "rules.army_morale", |v| {
            v.as_i64().map(|x| x.clamp(-999, 999) as i16)
        })?;
        let mut activation_cost = [Vec::new(), Vec::new()];
        if !battle_scenario {
            for (i, side) in s.scenario.sides.iter().take(2).enumerate() {
                let list = rules
                    .get("activation_cost")
                    .and_then(|v| v.get(&side.id))
                    .and_then(|v| v.as_array())
                    .ok_or_else(|| {
                        DataError::new(
                            file,
                            format!("rules.activation_cost.{}", side.id),
                            "a main scenario needs each side's activation costs",
                        )
                        .with_rule("4.1.1")
                    })?;
                activation_cost[i] = list
                    .iter()
                    .filter_map(|v| v.as_i64())
                    .map(|x| x.clamp(0, 99) as i16)
                    .collect();
            }
        }
        let stacking_each_step = match rules.get("stacking_check").and_then(|v| v.as_str()) {
            None | Some("end_of_phase") => false,
            Some("each_step") => true,
            Some(other) => {
                return Err(DataError::new(
                    file,
                    "rules.stacking_check",
                    format!("{other:?}: expected \"end_of_phase\" or \"each_step\""),
                )
                .with_rule("5.3"));
            }
        };
        let bombard_each_phase = match rules.get("bombard_once_per").and_then(|v| v.as_str()) {
            None | Some("game_turn") => false,
            Some("phase") => true,
            Some(other) => {
                return Err(DataError::new(
                    file,
                    "rules.bombard_once_per",
                    format!("{other:?}: expected \"game_turn\" or \"phase\""),
                )
                .with_rule("8"));
            }
        };
        let commander_trace_any_distance =
            match rules.get("commander_trace").and_then(|v| v.as_str()) {
                None | Some("command_radius") => false,
                Some("any_distance") => true,
                Some(other) => {
                    return Err(DataError::new(
                        file,
                        "rules.commander_trace",
                        format!("{other:?}: expected \"command_radius\" or \"any_distance\""),
                    )
                    .with_rule("4.2.2"));
                }
            };
        let mut objectives = Vec::new();
        if let Some(list) = rules
            .get("victory")
            .and_then(|v| v.get("objectives"))
            .and_then(|v| v.as_array())
        {
            for (i, o) in list.iter().enumerate() {
                let at = format!("rules.victory.objectives[{i}]");
                let side = o
                    .get("side")
                    .and_then(|v| v.as_str())
                    .and_then(|x| units::side_index(s, x))
                    .ok_or_else(|| {
                        DataError::new(file, format!("{at}.side"), "one of the two sides")
                    })?;
                let mut hexes = Vec::new();
                for h in o
                    .get("hexes")
                    .and_then(|v| v.as_array())
                    .into_iter()
                    .flatten()
                {
                    let id = h.as_str().unwrap_or("");
                    hexes.push(
                        board.grid.parse(id).map_err(|e| {
                            DataError::new(file, format!("{at}.hexes"), e.to_string())
                        })?,
                    );
                }
                objectives.push(Objective {
                    hexes,
                    side,
                    vp: o
                        .get("vp")
                        .and_then(|v| v.as_i64())
                        .unwrap_or(0)
                        .clamp(-999, 999) as i32,
                    units: o.get("units").and_then(|v| v.as_u64()).unwrap_or(1).min(99) as u8,
                });
            }
        }
        let first_turn = s.scenario.turns.first.clamp(1, 99) as u8;
        let last_turn = s.scenario.turns.last.clamp(u32::from(first_turn), 99) as u8;
        let mut reinforcements = Vec::new();
        for (i, r) in s.scenario.reinforcements.iter().enumerate() {
            let at = format!("reinforcements[{i}]");
            let piece = match (pieces.unit_index(&r.unit), pieces.leader_index(&r.unit)) {
                (Some(u), _) => Piece::Unit(u),
                (None, Some(l)) => Piece::Leader(l),
                (None, None) => {
                    return Err(DataError::new(
                        file,
                        format!("{at}.unit"),
                        "not a counter of the scenario",
                    ));
                }
            };
            let Some(h) = r.hex.first() else {
                return Err(DataError::new(
                    file,
                    format!("{at}.hex"),
                    "an entry hex is needed",
                ));
            };
            let hex = board
                .grid
                .parse(h)
                .map_err(|e| DataError::new(file, format!("{at}.hex"), e.to_string()))?;
            reinforcements.push((r.turn.clamp(1, 99) as u8, piece, hex));
        }
        let params = Params {
            battle_scenario,
            army_morale,
            activation_cost,
            marsh_cavalry_mp,
            stacking_each_step,
            bombard_each_phase,
            commander_trace_any_distance,
            first_turn,
            last_turn,
            reinforcements,
            objectives,
        };
        let mut pg = Pg {
            scenario: s.scenario.id.clone(),
            board: Arc::new(board),
            pieces: Arc::new(pieces),
            charts: Arc::new(charts),
            params,
            map_view: Arc::new(MapView::from_map(&s.map)?),
            initial: State::empty(),
            occ_memo: query::OccMemo::default(),
            list_memo: listing::ListMemo::default(),
            reach_memo: Default::default(),
        };
        pg.initial = pg.set_up(s)?;
        Ok(pg)
    }

    fn set_up(&self, s: &ResolvedScenario) -> Result<State, DataError> {
        let file = s.scenario.id.as_str();
        let p = &self.pieces;
        let mut st = State::empty();
        st.turn = self.params.first_turn;
        st.units = p
            .units
            .iter()
            .map(|u| Unit {
                hex: Hex::default(),
                off: Off::Waiting,
                steps: u.max_steps,
                morale: Morale::Formed,
                order: 0,
                in_column: false,
                mp: 0,
                moved: false,
                done: false,
                art_moved: false,
                ooc: false,
                ac_trace: false,
                art_effective: false,
                fought: false,
                fired: false,
                rallied: false,
                reordered: false,
                locked_start: false,
            })
            .collect();
        st.leaders = p
            .leaders
            .iter()
            .map(|_| Leader {
                hex: Hex::default(),
                present: false,
                lost: false,
                in_column: false,
                mp: 0,
                moved: false,
                done: false,
            })
            .collect();
        for (i, place) in s.scenario.setup.iter().enumerate() {
            let at = format!("setup[{i}]");
            let Some(h) = place.hex.first() else { continue };
            let hex = self
                .board
                .grid
                .parse(h)
                .map_err(|e| DataError::new(file, format!("{at}.hex"), e.to_string()))?;
            if !self.board.on_map(hex) {
                return Err(DataError::new(
                    file,
                    format!("{at}.hex"),
                    format!("{h} is not on the map"),
                ));
            }
            let ic = place
                .fields
                .get("in_column")
                .and_then(|v| v.as_bool())
                .unwrap_or(false);
            if let Some(u) = p.unit_index(&place.unit) {
                // Set-up lists a stack top first (5.4).
                let order = i as i32;
                let x = &mut st.units[usize::from(u)];
                x.hex = hex;
                x.off = Off::No;
                x.order = order;
                x.in_column = ic;
                if let Some(w) = p.units[usize::from(u)].wing {
                    if ic {
                        st_wing_ic(&mut st, w);
                    }
                }
            } else if let Some(l) = p.leader_index(&place.unit) {
                let x = &mut st.leaders[usize::from(l)];
                x.hex = hex;
                x.present = true;
                x.in_column = ic;
            } else {
                return Err(DataError::new(
                    file,
                    format!("{at}.unit"),
                    format!("{:?} is not a counter of the scenario", place.unit),
                ));
            }
        }
        st.bottom_key = s.scenario.setup.len() as i32;
        // 5.1, 5.2: no stack starts over the stacking limits (a user's scenario may try).
        for (i, place) in s.scenario.setup.iter().enumerate() {
            let Some(u) = p.unit_index(&place.unit) else {
                continue;
            };
            let x = &st.units[usize::from(u)];
            if x.off != Off::No || self.stacking_ok(&st, x.hex) {
                continue;
            }
            let (inf, art, ic) = self.stack_load(&st, x.hex);
            let limit = query::StackLimit::of(inf, ic);
            let rule = limit.rule;
            let limit = match (limit.inf, ic) {
                (0, _) => alloc::format!(
                    "{} artillery steps when no infantry or cavalry is there",
                    limit.art
                ),
                (n, true) => alloc::format!(
                    "{n} infantry and cavalry steps and {} artillery steps with a unit In Column",
                    limit.art
                ),
                (n, false) => alloc::format!(
                    "{n} infantry and cavalry steps and {} artillery steps",
                    limit.art
                ),
            };
            let hex = place.hex.first().map_or("?", String::as_str);
            return Err(DataError::new(
                file,
                format!("setup[{i}].hex"),
                format!(
                    "hex {hex} starts over-stacked: {inf} infantry and cavalry steps and {art} \
                     artillery steps ({rule}: at most {limit})"
                ),
            )
            .with_rule(rule));
        }
        if st.wing_ic.len() < p.wings.len() {
            st.wing_ic.resize(p.wings.len(), false);
        }
        for pos in 0..p.units.len() {
            if st.units[pos].off == Off::Waiting
                && !self
                    .params
                    .reinforcements
                    .iter()
                    .any(|r| r.1 == Piece::Unit(pos as u16))
            {
                // A counter neither set up nor arriving is a replacement piece (2.0): not in play.
                st.units[pos].off = Off::Eliminated;
                st.units[pos].steps = 0;
            }
        }
        st.armies = core::array::from_fn(|i| Army {
            activated: self.params.battle_scenario,
            attempts: 0,
            cdoa_used: false,
            auto_due: false,
            am: self.params.army_morale[i],
            status: ArmyStatus::Normal,
            steps_lost: 0,
            eliminated: 0,
            captured: 0,
            art_steps_captured: 0,
        });
        st.groups = alloc::vec![Cmd::Unrolled; p.groups.len()];
        st.det_active = alloc::vec![false; p.groups.len()];
        st.det_cdoa_used = alloc::vec![false; p.groups.len()];
        st.wing_rescued = alloc::vec![false; p.wings.len()];
        st.wing_fd_tried = alloc::vec![false; p.wings.len()];
        st.wing_caught = alloc::vec![false; p.wings.len()];
        st.wing_deployed = alloc::vec![false; p.wings.len()];
        st.special_done = alloc::vec![false; p.leaders.len()];
        let mut ev = Vec::new();
        ev.push(Event::TurnBegins { turn: st.turn });
        self.begin_player_turn(&mut st, &mut ev);
        self.settle(&mut st, &mut ev);
        Ok(st)
    }

    /// Line of sight for the rules that need it (4.1.2, 4.1.3, 4.3, 8.1): the full 8.2-8.2.2
    /// trace of [`los`], with woods and towns from the map, every unit of either side, and the
    /// map's slopes.
    pub fn clear_los(&self, s: &State, from: Hex, to: Hex) -> bool {
        los::line_of_sight(&LosView { pg: self, s }, from, to).is_clear()
    }

    /// The legal actions as [`Rules::legal_actions`] lists them, with every step of the
    /// Movement Phase judged afresh instead of read from the verdicts kept between listings
    /// (see [`listing`]): what the tests compare the kept verdicts against.
    #[doc(hidden)]
    pub fn legal_actions_uncached(&self, s: &State, out: &mut Vec<Action>) {
        if s.pending.is_empty() && s.phase == Phase::Movement {
            self.movement_actions_fresh(s, out);
        } else {
            self.actions(s, out);
        }
    }

    /// Resolves everything that has one possible outcome and moves the phase on when nothing
    /// is pending (DESIGN: mandatory steps happen inside `apply`).
    /// The state after `a` (with its events appended to `ev`), or why `a` is refused; `s` is
    /// never touched, so `apply` and `applied` share one copy of the state.
    fn next_state(&self, s: &State, a: &Action, ev: &mut Vec<Event>) -> Result<State, Illegal> {
        if let Actor::Terminal(_) = self.actor(s) {
            return Err(Illegal::new("3.0", "the game is over"));
        }
        // The hot path: a step is judged once, without listing every legal action, and the
        // verdict is applied as it is.
        let mut step = None;
        let listed = match a {
            Action::Move { piece, dir, below }
                if s.pending.is_empty() && s.phase == Phase::Movement =>
            {
                step = self.move_listed(s, *piece, *dir, *below);
                step.is_some()
            }
            _ if s.pending.is_empty() && s.phase == Phase::Movement => self.movement_listed(s, a),
            _ => {
                let mut legal = Vec::new();
                self.actions(s, &mut legal);
                legal.contains(a)
            }
        };
        if !listed {
            return Err(self.refusal(s, a));
        }
        let mut next = s.clone();
        let start = ev.len();
        let r = if !next.pending.is_empty() {
            self.apply_pending(&mut next, a, ev)
        } else {
            match next.phase {
                Phase::Activation
                | Phase::ActivationRoll
                | Phase::Command
                | Phase::GroupRoll(_)
                | Phase::SpecialLeader(_)
                | Phase::SpecialRoll(..) => self.apply_command(&mut next, a, ev),
                Phase::Movement => match (a, step) {
                    (Action::Move { piece, dir, below }, Some(step)) => {
                        self.move_piece(&mut next, *piece, *dir, *below, step, ev);
                        Ok(())
                    }
                    _ => self.apply_movement(&mut next, a, ev),
                },
                Phase::OffensiveBombardment | Phase::DefensiveBombardment => {
                    self.apply_bombard(&mut next, a, ev)
                }
                Phase::Rally => self.apply_rally(&mut next, a, ev),
                Phase::CloseCombat => self.apply_combat(&mut next, a, ev),
                Phase::RoutedMovement | Phase::ArmyMorale | Phase::Over => {
                    Err(Illegal::new("3.0", "no decision is due"))
                }
            }
        };
        if let Err(e) = r {
            ev.truncate(start);
            return Err(e);
        }
        self.settle(&mut next, ev);
        Ok(next)
    }

    fn settle(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut buf = Vec::new();
        for _ in 0..10_000 {
            if let Some(top) = s.pending.last().cloned() {
                let forced = matches!(
                    top,
                    pending::Pending::Losses(_)
                        | pending::Pending::Retreat(_)
                        | pending::Pending::ArtilleryHit { .. }
                );
                buf.clear();
                self.pending_actions(s, &top, &mut buf);
                if let pending::Pending::Retreat(t) = &top {
                    if buf.is_empty() {
                        // 10.9: a unit that must retreat and cannot is captured (capture
                        // ignores a unit already off the map).
                        s.pending.pop();
                        let rule = if t.routed_movement { "7.1" } else { "10.9" };
                        self.capture(s, t.unit, rule, ev);
                        continue;
                    }
                }
                if let pending::Pending::Losses(t) = &top {
                    if buf.is_empty() {
                        // Satisfied, or nobody left to satisfy it: the "r" and "*" of 10.8.3.
                        s.pending.pop();
                        self.continue_losses(s, t.clone(), ev);
                        continue;
                    }
                }
                if matches!(top, pending::Pending::ArtilleryHit { .. }) && buf.is_empty() {
                    s.pending.pop();
                    continue;
                }
                if forced && buf.len() == 1 {
                    let a = buf[0].clone();
                    if self.apply_pending(s, &a, ev).is_err() {
                        s.pending.pop();
                    }
                    continue;
                }
                return;
            }
            match s.phase {
                Phase::RoutedMovement => self.begin_normal_movement(s, ev),
                Phase::ArmyMorale => self.end_turn(s, ev),
                Phase::CloseCombat => {
                    let Some(c) = s.combat.as_ref() else { return };
                    match c.stage {
                        Stage::LeaderChecks | Stage::DefenderLosses | Stage::AttackerLosses => {
                            self.combat_progress(s, ev)
                        }
                        Stage::LeadAttacker | Stage::LeadDefender | Stage::Terrain => {
                            buf.clear();
                            self.combat_actions(s, &mut buf);
                            if buf.len() != 1 {
                                return;
                            }
                            let a = buf[0].clone();
                            if self.apply_combat(s, &a, ev).is_err() {
                                return;
                            }
                        }
                        _ => return,
                    }
                }
                _ => return,
            }
        }
    }

    fn actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(top) = s.pending.last() {
            self.pending_actions(s, top, out);
            return;
        }
        match s.phase {
            Phase::Activation | Phase::Command | Phase::SpecialLeader(_) => {
                self.command_actions(s, out)
            }
            Phase::ActivationRoll | Phase::GroupRoll(_) | Phase::SpecialRoll(..) => d6(out),
            Phase::Movement => self.movement_actions(s, out),
            Phase::OffensiveBombardment | Phase::DefensiveBombardment => {
                if s.bombard.as_ref().is_some_and(|d| d.rolling) {
                    d6(out);
                } else {
                    self.bombard_actions(s, out);
                }
            }
            Phase::Rally => self.rally_actions(s, out),
            Phase::CloseCombat => self.combat_actions(s, out),
            Phase::RoutedMovement | Phase::ArmyMorale | Phase::Over => {}
        }
    }

    /// Why an action that is not listed is illegal, with the most specific rule we can name.
    fn refusal(&self, s: &State, a: &Action) -> Illegal {
        if let Some(e) = self
            .command_refusal(s, a)
            .or_else(|| self.bombard_refusal(s, a))
            .or_else(|| self.loss_refusal(s, a))
        {
            return e;
        }
        if let Action::Move { piece, dir, .. } = a {
            if s.phase == Phase::Movement && s.pending.is_empty() {
                let valid = match piece {
                    Piece::Unit(u) => usize::from(*u) < s.units.len(),
                    Piece::Leader(l) => usize::from(*l) < s.leaders.len(),
                };
                if !valid {
                    let (what, n, count) = match piece {
                        Piece::Unit(u) => ("unit", *u, s.units.len()),
                        Piece::Leader(l) => ("leader", *l, s.leaders.len()),
                    };
                    return Illegal::new(
                        "engine",
                        format!(
                            "no {what} {n} in this scenario ({what}s are numbered 0 to {})",
                            count.saturating_sub(1)
                        ),
                    );
                }
                if self.piece_side(*piece) != s.active {
                    return Illegal::new("7.3", "only the Active player's counters move");
                }
                if let Piece::Unit(u) = piece {
                    let x = &s.units[usize::from(*u)];
                    if x.off != Off::No {
                        return Illegal::new("7.3", "the unit is not on the map");
                    }
                    if x.morale == Morale::Routed {
                        return Illegal::new(
                            "7.3",
                            "routed units move only in the Routed Movement Segment (7.1)",
                        );
                    }
                    if x.done || (x.moved && s.mover != Some(*piece)) {
                        return Illegal::new(
                            "7.3",
                            "that unit has finished its movement this phase",
                        );
                    }
                }
                let occ = self.occupancy_near(s, self.piece_hex(s, *piece));
                if let Err((rule, why)) = self.check_step(s, &occ, *piece, *dir) {
                    return Illegal::new(rule, why);
                }
            }
            return Illegal::new("7", "no counter may move now");
        }
        let rule = if let Some(p) = s.pending.last() {
            match p {
                pending::Pending::Losses(_) => "10.8.1",
                pending::Pending::ArtilleryHit { .. } => "10.8.3.1",
                pending::Pending::Retreat(_) => "10.9",
                pending::Pending::MoraleCheck { .. } => "9.3",
                pending::Pending::Rally { .. } => "9.4",
                pending::Pending::LeaderCheck { .. } => "10.7",
                pending::Pending::ForcedDeploy(_) => "7.6.3",
                pending::Pending::Cdoa { .. } => "4.1.3",
            }
        } else {
            match s.phase {
                Phase::Activation | Phase::ActivationRoll => "4.1.1",
                Phase::Command => "4.4",
                Phase::GroupRoll(_) | Phase::SpecialLeader(_) | Phase::SpecialRoll(..) => "4.5",
                Phase::RoutedMovement => "7.1",
                Phase::Movement => "7.3",
                Phase::OffensiveBombardment => "8",
                Phase::DefensiveBombardment => "8.5",
                Phase::Rally => "9.4",
                Phase::CloseCombat => self.combat_stage_label(s).unwrap_or("10"),
                Phase::ArmyMorale => "13",
                Phase::Over => "3.0",
            }
        };
        let shown = serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"));
        let asked = self.prompt(s).text;
        if asked.is_empty() {
            Illegal::new(rule, format!("{shown} is not a legal decision now"))
        } else {
            Illegal::new(
                rule,
                format!("{shown} is not a legal decision now (the step asks: {asked})"),
            )
        }
    }

    /// Whether `Move { piece, dir, below }` is among the legal actions (same answer as
    /// listing them, without the listing), with the step's verdict when it is.
    fn move_listed(
        &self,
        s: &State,
        p: Piece,
        d: crate::hex::Direction,
        below: bool,
    ) -> Option<movement::StepVerdict> {
        let valid = match p {
            Piece::Unit(u) => {
                usize::from(u) < s.units.len()
                    && (s.mover == Some(p) || !s.units[usize::from(u)].moved)
            }
            Piece::Leader(l) => {
                usize::from(l) < s.leaders.len()
                    && (s.mover == Some(p) || !s.leaders[usize::from(l)].moved)
            }
        };
        if !valid || !(s.mover == Some(p) || self.piece_may_start(s, p)) {
            return None;
        }
        self.with_kept_occ(s, |kept| {
            // Only the hexes around the counter (and around the counter still moving) matter;
            // the listing's index, when it holds this position, answers for every hex.
            if let Some(m) = s.mover.filter(|&m| m != p) {
                let near_mover = self.occ_near(s, kept, self.piece_hex(s, m));
                if self.mover_must_move_on(s, &near_mover) {
                    return None;
                }
            }
            let occ = self.occ_near(s, kept, self.piece_hex(s, p));
            let start = self.step_start(s, &occ, p);
            let step = self.check_step_from(s, &occ, &start, d).ok()?;
            (!below
                || (matches!(p, Piece::Unit(_))
                    && occ.has_units(self, s.active, start.from.neighbor(d))))
            .then_some(step)
        })
    }

    fn piece_name(&self, p: Piece) -> String {
        match p {
            Piece::Unit(u) => self
                .pieces
                .units
                .get(usize::from(u))
                .map(|x| x.name.clone())
                .unwrap_or_else(|| format!("unit #{u}")),
            Piece::Leader(l) => self
                .pieces
                .leaders
                .get(usize::from(l))
                .map(|x| x.name.clone())
                .unwrap_or_else(|| format!("leader #{l}")),
        }
    }

    /// Every counter as the board view shows it: units (in scenario order), then leaders.
    fn piece_views(&self, s: &State) -> Vec<PieceView> {
        let mut out = Vec::with_capacity(s.units.len() + s.leaders.len());
        for (i, (u, info)) in s.units.iter().zip(&self.pieces.units).enumerate() {
            let status = match u.off {
                Off::No => "on_map",
                Off::Waiting => "waiting",
                Off::Eliminated => "eliminated",
                Off::Captured => "captured",
            };
            let [sp, mr, ma] = info.at(u.steps);
            let (kind, factors) = match info.arm {
                units::Arm::Infantry => ("infantry", format!("{sp}-{mr}-{ma}")),
                units::Arm::Cavalry => ("cavalry", format!("{sp}-{mr}-{ma}")),
                units::Arm::Artillery => ("artillery", format!("{mr}-{ma}")),
            };
            let mut marks = Vec::new();
            match u.morale {
                Morale::Formed => {}
                Morale::Disordered => marks.push("disordered".to_string()),
                Morale::Routed => marks.push("routed".to_string()),
            }
            for (flag, word) in [
                (u.in_column, "in column"),
                (u.ooc, "out of command"),
                (u.art_moved, "artillery moved"),
                (u.done, "done"),
                (u.fought, "fought"),
                (u.fired, "fired"),
            ] {
                if flag {
                    marks.push(word.to_string());
                }
            }
            out.push(PieceView {
                id: info.id.clone(),
                name: info.name.clone(),
                side: info.side.0,
                kind: kind.to_string(),
                reference: serde_json::json!({ "unit": i }),
                hex: (u.off == Off::No).then(|| self.hex_label(u.hex)),
                status: status.to_string(),
                order: u.order,
                steps: Some(u.steps),
                max_steps: Some(info.max_steps),
                factors: Some(factors),
                marks,
            });
        }
        for (i, (l, info)) in s.leaders.iter().zip(&self.pieces.leaders).enumerate() {
            let status = match (l.present, l.lost) {
                (_, true) => "lost",
                (true, false) => "on_map",
                (false, false) => "waiting",
            };
            let mut marks = Vec::new();
            if info.commander {
                marks.push("army commander".to_string());
            }
            if l.in_column {
                marks.push("in column".to_string());
            }
            if l.done {
                marks.push("done".to_string());
            }
            out.push(PieceView {
                id: info.id.clone(),
                name: info.name.clone(),
                side: info.side.0,
                kind: "leader".to_string(),
                reference: serde_json::json!({ "leader": i }),
                hex: (status == "on_map").then(|| self.hex_label(l.hex)),
                status: status.to_string(),
                // Leaders are drawn under the units of their hex.
                order: i32::MAX,
                steps: None,
                max_steps: None,
                factors: None,
                marks,
            });
        }
        out
    }

    /// An English line for an event, with counter names.
    pub fn describe(&self, e: &Event) -> String {
        describe::render(
            e,
            &|p| self.piece_name(p),
            &|w| {
                self.pieces
                    .wings
                    .get(usize::from(w))
                    .map(|x| x.id.clone())
                    .unwrap_or_else(|| format!("wing #{w}"))
            },
            &|s| INFO.sides[s.index()].to_string(),
        )
    }
}

/// The map and the counters as line of sight sees them (8.2).
struct LosView<'a> {
    pg: &'a Pg,
    s: &'a State,
}

impl los::LosMap for LosView<'_> {
    fn blocks_terrain(&self, hex: Hex) -> bool {
        self.pg.board.hex(hex).blocks_los
    }
    fn occupied(&self, hex: Hex) -> bool {
        self.s
            .units
            .iter()
            .any(|u| u.off == Off::No && u.hex == hex)
    }
    fn slope_high_side(&self, a: Hex, b: Hex) -> Option<Hex> {
        let side = self.pg.board.side_between(a, b);
        if side.up {
            Some(b)
        } else if side.down {
            Some(a)
        } else {
            None
        }
    }
}

fn st_wing_ic(st: &mut State, w: u8) {
    if st.wing_ic.len() <= usize::from(w) {
        st.wing_ic.resize(usize::from(w) + 1, false);
    }
    st.wing_ic[usize::from(w)] = true;
}

/// Every result of one die, as actions (the chance nodes of pg all roll 1d6, 1.0).
fn d6(out: &mut Vec<Action>) {
    out.extend(DiceSpec::D6.outcomes().map(|(r, _)| Action::Roll(r)));
}

impl State {
    fn empty() -> State {
        State {
            turn: 1,
            active: Side(0),
            phase: Phase::Activation,
            units: Vec::new(),
            leaders: Vec::new(),
            armies: core::array::from_fn(|_| Army {
                activated: false,
                attempts: 0,
                cdoa_used: false,
                auto_due: false,
                am: 0,
                status: ArmyStatus::Normal,
                steps_lost: 0,
                eliminated: 0,
                captured: 0,
                art_steps_captured: 0,
            }),
            groups: Vec::new(),
            det_active: Vec::new(),
            det_cdoa_used: Vec::new(),
            wing_rescued: Vec::new(),
            wing_ic: Vec::new(),
            wing_fd_tried: Vec::new(),
            wing_caught: Vec::new(),
            wing_deployed: Vec::new(),
            special_done: Vec::new(),
            locked: Vec::new(),
            bombarded: Vec::new(),
            mover: None,
            pending: Vec::new(),
            bombard: None,
            combat: None,
            top_key: 0,
            bottom_key: 0,
        }
    }
}

impl Rules for Pg {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn default_bot(&self) -> &'static str {
        "greedy"
    }

    fn info(&self) -> &SystemInfo {
        &INFO
    }

    fn initial_state(&self) -> State {
        self.initial.clone()
    }

    fn actor(&self, s: &State) -> Actor {
        if let Some(p) = s.pending.last() {
            return self.pending_actor(p);
        }
        match s.phase {
            Phase::Over => Actor::Terminal(self.outcome(s)),
            Phase::ActivationRoll | Phase::GroupRoll(_) | Phase::SpecialRoll(..) => {
                Actor::Chance(Chance::Dice(DiceSpec::D6))
            }
            Phase::DefensiveBombardment => {
                if s.bombard.as_ref().is_some_and(|d| d.rolling) {
                    Actor::Chance(Chance::Dice(DiceSpec::D6))
                } else {
                    Actor::Player(s.active.other())
                }
            }
            Phase::OffensiveBombardment if s.bombard.as_ref().is_some_and(|d| d.rolling) => {
                Actor::Chance(Chance::Dice(DiceSpec::D6))
            }
            Phase::CloseCombat => self.combat_actor(s),
            _ => Actor::Player(s.active),
        }
    }

    fn preview(&self, s: &State) -> Option<Preview> {
        if !matches!(self.actor(s), Actor::Chance(_)) {
            return None;
        }
        match &s.combat {
            Some(c) if c.stage == combat::Stage::Roll && s.pending.is_empty() => {
                Some(self.combat_preview(s, c))
            }
            _ => {
                let p = self.prompt(s);
                Some(Preview {
                    rule: p.rule,
                    title: p.text,
                    facts: Vec::new(),
                })
            }
        }
    }

    fn prompt(&self, s: &State) -> Prompt {
        let (rule, text) = match (s.pending.last(), s.phase) {
            (Some(pending::Pending::Losses(t)), _) => (
                "10.8.1",
                format!(
                    "{}: satisfy {} loss point(s)",
                    INFO.sides[t.side.index()],
                    t.lp
                ),
            ),
            (Some(pending::Pending::Retreat(t)), _) => (
                "10.9",
                format!(
                    "choose the next retreat hex of {}",
                    self.piece_name(Piece::Unit(t.unit))
                ),
            ),
            (Some(pending::Pending::ArtilleryHit { .. }), _) => (
                "10.8.3.1",
                "choose the artillery unit that loses a step".to_string(),
            ),
            (Some(pending::Pending::MoraleCheck { unit }), _) => (
                "9.3",
                format!("morale check of {}", self.piece_name(Piece::Unit(*unit))),
            ),
            (Some(pending::Pending::Rally { unit }), _) => (
                "9.4",
                format!("rally roll of {}", self.piece_name(Piece::Unit(*unit))),
            ),
            (Some(pending::Pending::LeaderCheck { leader }), _) => (
                "10.7",
                format!(
                    "leader loss check of {}",
                    self.piece_name(Piece::Leader(*leader))
                ),
            ),
            (Some(pending::Pending::ForcedDeploy(_)), _) => {
                ("7.6.3", "forced deployment".to_string())
            }
            (Some(pending::Pending::Cdoa { .. }), _) => {
                ("4.1.3", "Coup d'Oeil activation".to_string())
            }
            (None, Phase::Activation) => ("4.1.1", "attempt to activate the army?".to_string()),
            (None, Phase::ActivationRoll) => ("4.1.1", "activation roll".to_string()),
            (None, Phase::Command) => (
                "4.4",
                "deploy wings from column, trace command to the army commander, or end".to_string(),
            ),
            (None, Phase::GroupRoll(g)) => (
                "4.5",
                format!(
                    "command roll for group {}",
                    self.pieces.groups[usize::from(g)].id
                ),
            ),
            (None, Phase::SpecialLeader(l)) => (
                "4.5",
                format!(
                    "{}: affect a degraded wing?",
                    self.piece_name(Piece::Leader(u16::from(l)))
                ),
            ),
            (None, Phase::SpecialRoll(l, _)) => (
                "4.5",
                format!(
                    "{} rolls for the wing",
                    self.piece_name(Piece::Leader(u16::from(l)))
                ),
            ),
            (None, Phase::Movement) => (
                "7.3",
                "move counters one hex at a time, or end the phase".to_string(),
            ),
            (None, Phase::OffensiveBombardment) => ("8", "bombard, or end the phase".to_string()),
            (None, Phase::DefensiveBombardment) => {
                ("8.5", "defensive bombardment, or end the phase".to_string())
            }
            (None, Phase::Rally) => ("9.4", "rally units, or end the phase".to_string()),
            (None, Phase::CloseCombat) => (
                self.combat_stage_label(s).unwrap_or("10"),
                "close combat".to_string(),
            ),
            (None, _) => ("3.0", String::new()),
        };
        Prompt {
            rule: rule.into(),
            text,
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.actions(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, Prob)>) {
        if matches!(self.actor(s), Actor::Chance(_)) {
            out.extend(DiceSpec::D6.outcomes().map(|(r, p)| (Action::Roll(r), p)));
        }
    }

    fn chance_action(&self, s: &State, roll: Roll) -> Option<Action> {
        (matches!(self.actor(s), Actor::Chance(Chance::Dice(DiceSpec::D6)))
            && roll.spec == DiceSpec::D6)
            .then_some(Action::Roll(roll))
    }

    fn apply(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        // The hot path: a step of normal movement is judged first, and once it is judged legal
        // nothing that follows can fail, so it is applied in place, without a copy of the state
        // (the Movement Phase with nothing pending is never terminal).
        if let Action::Move { piece, dir, below } = a {
            if s.pending.is_empty() && s.phase == Phase::Movement {
                let Some(step) = self.move_listed(s, *piece, *dir, *below) else {
                    return Err(self.refusal(s, a));
                };
                self.move_piece(s, *piece, *dir, *below, step, ev);
                self.settle(s, ev);
                return Ok(());
            }
        }
        *s = self.next_state(s, a, ev)?;
        Ok(())
    }

    fn applied(&self, s: &State, a: &Action) -> Result<(State, Vec<Event>), Illegal> {
        let mut ev = Vec::new();
        let next = self.next_state(s, a, &mut ev)?;
        Ok((next, ev))
    }

    fn observation(&self, s: &State, _side: Side) -> State {
        // Prussia's Glory hides nothing in the rules of the text (Limited Intelligence is an
        // advanced rule of the missing sections).
        s.clone()
    }

    fn reachable(&self, s: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        self.reach(s, self.piece_named(unit)?)
    }

    fn path_actions(&self, s: &State, unit: &str, to: Hex) -> Result<Vec<Action>, Illegal> {
        let piece = self.piece_named(unit)?;
        let reached = self.reach(s, piece)?;
        let r = reached.iter().find(|r| r.hex == to).ok_or_else(|| {
            Illegal::new(
                "7.3",
                format!("{unit} cannot reach {} this phase", self.hex_label(to)),
            )
        })?;
        Ok(r.path
            .windows(2)
            .filter_map(|w| {
                w[0].direction_to(w[1]).map(|dir| Action::Move {
                    piece,
                    dir,
                    below: false,
                })
            })
            .collect())
    }

    fn hex_label(&self, hex: Hex) -> String {
        self.board.label(hex)
    }

    fn parse_hex(&self, label: &str) -> Option<Hex> {
        self.board
            .grid
            .parse(label)
            .ok()
            .filter(|h| self.board.on_map(*h))
    }

    fn rules_id(&self) -> String {
        format!("pg/{}", self.scenario.trim_start_matches("pg/"))
    }

    fn describe_event(&self, e: &Event) -> String {
        self.describe(e)
    }

    fn board(&self, s: &State) -> Option<BoardView> {
        Some(BoardView::new(&self.map_view, self.piece_views(s)))
    }

    fn bot(&self, name: &str) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn crate::engine::Bot<Self>>)
    }
}

/// The pg rules as the facade registers them.
pub type PgSystem = RulesSystem<Pg>;

impl ScenarioRules for Pg {
    const INFO: &'static SystemInfo = &INFO;

    fn from_scenario(scenario: &ResolvedScenario) -> Result<Self, Error> {
        Ok(Pg::new(scenario)?)
    }
}
