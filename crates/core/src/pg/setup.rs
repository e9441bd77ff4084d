//! Setting up a scenario: the rules bound to a resolved scenario (the counters of 2.0, the
//! charts, the map and the parameters of docs/pg-data.md) and the starting position.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::board::Board;
use super::charts::Charts;
use super::event::Event;
use super::movement::{listing, query};
use super::state::{Army, ArmyStatus, Cmd, Leader, Morale, Off, Phase, Piece, State, Unit};
use super::units::{self, Pieces};
use super::{Objective, Params, Pg};
use crate::data::{DataError, ResolvedScenario};
use crate::engine::{MapView, Side};
use crate::hex::Hex;

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

    pub(super) fn set_up(&self, s: &ResolvedScenario) -> Result<State, DataError> {
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
}

fn st_wing_ic(st: &mut State, w: u8) {
    if st.wing_ic.len() <= usize::from(w) {
        st.wing_ic.resize(usize::from(w) + 1, false);
    }
    st.wing_ic[usize::from(w)] = true;
}

impl State {
    pub(super) fn empty() -> State {
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
