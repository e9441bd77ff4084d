//! Prussia's Glory (GMT): the rules of the rulebook text, 1.0 to 10.9.2, as the engine contract's
//! state machine, plus the minimum the text's missing sections need for a game to run and end,
//! each marked provisional (docs/coverage/pg.md lists every case).
//!
//! Module map by rule number (the folders follow the rulebook's sections):
//! * 2.0 the counters — [`units`]; the map and its costs — [`board`]; the Player Aid Cards'
//!   charts (CRT, Bombardment Table, TEC, modifiers; provisional) — [`charts`]
//! * set-up of a scenario (docs/pg-data.md) — `setup`
//! * 3.0 sequence of play: the phase dispatcher — `dispatch`; between the phases, 13 army
//!   morale and 14 end of turn (provisional), victory — [`flow`]
//! * 4 command — `command`: 4.1, 4.3 activation and detachments, 4.2, 4.4, 4.5 command
//!   (`command/mod.rs`); 4.1.2, 4.1.3, 4.3 activation by enemy approach (`command/activation.rs`)
//! * 5 stacking, 6 ZOC and Engaged, 7 movement — `movement`: 7.1–7.6.3 (`movement/mod.rs`);
//!   the questions 5, 6, 4.2, 7.4 and 7.6 ask of a position (`movement/query.rs`); the
//!   Movement Phase listing kept between steps (`movement/listing.rs`); reachability
//!   (`movement/reach.rs`)
//! * 8 bombardment — `bombard`: 8, 8.5 (`bombard/mod.rs`); 8.2 line of sight ([`los`],
//!   [`Pg::clear_los`]); 9.4 rally (`bombard/rally.rs`)
//! * 10 close combat — `combat`: 10.1–10.8 (`combat/mod.rs`); what interrupts a phase: 9.1–9.3
//!   morale, 10.7 leader checks, 10.8 losses, 10.9 retreats, 7.6.3 and 4.1.3 rolls
//!   (`combat/pending.rs`)
//! * what the game is made of: [`state`] (the position, with the pending tasks, bombardment and
//!   combat it holds), [`action`], [`event`] (each with its rule, from `rules_list`), their
//!   English lines (`describe`), the engine contract (`rules`: `impl Rules for Pg`), the client
//!   views (`view`), the bots ([`bot`]) and hex labels ([`pghex`])
//!
//! The lower modules (state, action, event, describe, charts, units, board, pghex, rules_list)
//! import none of the rule sections; the rule sections are `impl Pg` blocks that call one
//! another's methods through [`Pg`].

pub mod action;
pub mod board;
mod bombard;
pub mod bot;
pub mod charts;
mod combat;
mod command;
mod describe;
mod dispatch;
pub mod event;
mod flow;
mod movement;
pub mod pghex;
mod position;
mod rules;
mod rules_list;
mod setup;
pub mod state;
#[cfg(test)]
mod tests;
pub mod units;
mod view;

use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

pub use action::Action;
pub use bombard::los;
pub use event::Event;
pub use movement::{MoveSearch, StepCosts};
pub use state::{Combat, Declaration, Stage, State};

use board::Board;
use charts::Charts;
use movement::{listing, query};
use state::Piece;
use units::Pieces;

use crate::data::ResolvedScenario;
use crate::dice::DiceSpec;
use crate::engine::{Illegal, MapView, Side, SystemInfo};
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
}

/// Every result of one die, as actions (the chance nodes of pg all roll 1d6, 1.0).
fn d6(out: &mut Vec<Action>) {
    out.extend(DiceSpec::D6.outcomes().map(|(r, _)| Action::Roll(r)));
}

/// The pg rules as the facade registers them.
pub type PgSystem = RulesSystem<Pg>;

impl ScenarioRules for Pg {
    const INFO: &'static SystemInfo = &INFO;

    fn from_scenario(scenario: &ResolvedScenario) -> Result<Self, Error> {
        Ok(Pg::new(scenario)?)
    }
}
