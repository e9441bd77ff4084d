//! The Habit of Victory (Campaigns of Napoleon, Series 2X: Poland 1806–07), Standard Rules
//! ¶1–¶209 and the Exclusive Rules §1–§227, as the engine contract's state machine.
//! docs/coverage/hov.md lists every rule case and its status.
//!
//! Module map by rule number:
//! * §18, ¶15, ¶140, §17 armies, nationalities, unit types, Guard status, leader ratings; MP in
//!   halves, strength in half SP, ¶146 step 3a announced strengths — [`types`]
//! * ¶10 hex ids (CCRR) in JSON — [`hhex`]
//! * ¶12–¶17, §15–§25, §66 the counter manifest — [`units`]; ¶10–¶11, §11–§13, TEC the map
//!   and its places — [`board`]; the charts (CRT, Artillery Fire, Initiative Comparison,
//!   Pursuit, March Attrition, Weather, Fort Masking) — [`charts`]
//! * §193–§223 the scenario's information and the starting position — `setup.rs`
//! * ¶38–¶54 the sequence of play, §26 the weather, §217 vedettes at the start, §212/§214 the end
//!   and its Victory Points — `flow.rs`; ¶121–¶129 who stands where and whose ZOC covers a hex
//!   — [`zoc`]; the engine contract and what each side sees (¶20–¶22) — `rules.rs`
//! * `supply/` — ¶55–¶60, §27–§33 Lines of Communication, active depots, Dispatch Distance
//! * the position: leaders, units, vedettes, garrisons, supply sources, depots, bridges, masks,
//!   the march and the battle in progress — [`state`]
//! * `organization/` — I. the Command Phase: the Administrative Segment's Supply Source and
//!   garrison absorption (¶42, ¶58–¶60, §29–§33, §53), the Organization Segment (¶43, ¶65–¶76,
//!   §19, §22, §52, §54), the Command Span (¶25–¶31), and the Consolidation Segments with
//!   Insubordinate Stacks and the 48-SP limit (¶48, ¶52, ¶77–¶80, ¶141)
//! * `movement/` — II. Movement (¶86–¶143): the march as actions and chance nodes
//!   ([`movement::march`], [`movement::reinforce`], [`movement::attrition`]), what a force is
//!   made of ([`movement::force`]), step costs ([`movement::cost`]), ¶101–¶107
//!   ([`movement::initiative`]), repulse ¶130–¶135 ([`movement::repulse`]), Multi-Hex Forces
//!   ¶118–¶120 ([`movement::multihex`]), bridge trains ¶142, §158 ([`movement::bridge`]), sea
//!   transport §55–§58 ([`movement::sea`])
//! * `combat/` — III.b Battle Resolution (¶144–¶206): [`combat::strength`],
//!   [`combat::odds`], [`combat::losses`]
//! * §63, §214–§215 Battle Scenario victory points — [`victory`]; the Morale Phase (¶53, §215)
//!   — `morale.rs`
//! * every decision and roll — [`action`]; what happened, with its rule and who may see it —
//!   [`event`]

pub mod action;
pub mod board;
mod board_view;
mod bot;
pub mod charts;
pub mod combat;
pub mod describe;
pub mod event;
mod flow;
pub mod hhex;
pub mod losses;
mod morale;
pub mod movement;
pub mod organization;
mod position;
mod rules;
mod setup;
pub mod state;
pub mod supply;
#[cfg(test)]
mod tests;
pub mod types;
pub mod units;
pub mod vedette;
pub mod victory;
pub mod zoc;

pub use action::Action;
pub use event::Event;
pub use state::State;

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use board::Board;
use charts::Charts;
use state::{GarrisonId, LeaderId, VedetteId};
use units::Manifest;

use crate::dice::DiceSpec;
use crate::engine::{Side, SystemInfo};
use crate::hex::Hex;

/// The hov system's facts: side 0 the French, side 1 the Coalition.
pub static INFO: SystemInfo = SystemInfo {
    id: "hov",
    name: "The Habit of Victory (Campaigns of Napoleon 2X)",
    sides: ["French", "Coalition"],
    dice: &[DiceSpec::D6, DiceSpec::TwoD6, DiceSpec::D66],
};

/// The part of the map a Battle Scenario plays on (§221–§223): one side of the Language
/// Boundary, the boundary's hexes included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// The whole map.
    All,
    /// North of the Language Boundary.
    North,
    /// South of it.
    South,
}

/// A reinforcement (¶91): a Force Leader and his track, arriving at a hex on a Game-Turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reinforcement {
    /// The Game-Turn it may enter.
    pub turn: u8,
    /// Its Force Leader.
    pub leader: LeaderId,
    /// The entry hex.
    pub hex: Hex,
}

/// A scenario's information (§203–§223).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// The First Player (§204).
    pub first_player: Side,
    /// The first Game-Turn (§205).
    pub first_turn: u8,
    /// The last Game-Turn (§212).
    pub last_turn: u8,
    /// Movement Commands a turn, per side (§213).
    pub commands: [u8; 2],
    /// The fixed AP level that picks the attrition column, per side (§210).
    pub attrition_level: [u8; 2],
    /// The map area in play (§221–§223).
    pub area: Area,
    /// Paris Morale at the start (§220).
    pub morale: i8,
    /// Redoubts at the start and the side that built them (§221).
    pub redoubts: Vec<(Hex, Side)>,
    /// Reinforcements, in the scenario's order (¶91, §218).
    pub reinforcements: Vec<Reinforcement>,
    /// Vedettes set up with a force (§217): placed within 2 hexes of it at the start.
    pub vedettes_with: Vec<(VedetteId, LeaderId)>,
    /// Option `vedettes-in-battle-scenarios` (reading A4, on by default): the vedette rules
    /// §66–§80 are in play.
    pub vedettes: bool,
    /// Garrisons on the map at the start (§207).
    pub garrisons: Vec<GarrisonId>,
    /// The scenario options that are on (optional rules §184–§188, named readings), sorted.
    pub options: Vec<String>,
    /// Leaders the scenario removes or puts out of play (§222, §223, reading N50), sorted: never
    /// brought into play (§22 2).
    pub removed: Vec<LeaderId>,
}

/// The Standard and Exclusive Rules bound to one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hov {
    /// The scenario id.
    pub scenario: String,
    /// The map.
    pub board: Arc<Board>,
    /// The counters.
    pub manifest: Arc<Manifest>,
    /// The charts.
    pub charts: Arc<Charts>,
    /// The scenario's information.
    pub params: Params,
    /// The map as a front end draws it: the hexes of the scenario's area (§221–§223) with
    /// their terrain and place names, and the roads, rivers and bridges (`Rules::board`).
    pub map_view: Arc<crate::engine::MapView>,
    initial: State,
    /// The Dispatch Distance areas of the last state asked about (no part of the rules).
    dispatch: crate::engine::Memo<supply::DispatchMemo>,
}

/// The Habit of Victory rules as the facade registers them.
pub type HovSystem = crate::system::RulesSystem<Hov>;

impl Hov {
    /// Whether the scenario option `id` is on (the players' choice, else its default).
    pub fn option(&self, id: &str) -> bool {
        self.params
            .options
            .binary_search_by(|o| o.as_str().cmp(id))
            .is_ok()
    }
}

impl crate::system::ScenarioRules for Hov {
    const INFO: &'static SystemInfo = &INFO;

    fn from_scenario(
        scenario: &crate::data::ResolvedScenario,
    ) -> Result<Self, crate::system::Error> {
        Ok(Hov::new(scenario)?)
    }
}
