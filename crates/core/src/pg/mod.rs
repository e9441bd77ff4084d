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
mod dispatch;
pub mod event;
mod flow;
mod movement;
pub mod pghex;
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
