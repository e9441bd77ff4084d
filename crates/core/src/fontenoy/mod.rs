//! The Battle of Fontenoy, 11 May 1745 (Battles from the Age of Reason series rules 1.0–24.3,
//! the Fontenoy special rules F-1 to F-10) as the engine contract's state machine.
//! docs/coverage/fontenoy.md lists every rule case and its status.
//!
//! Module map by rule number (folders follow the rulebook's sections):
//! * 1.5b rounding, ½ and ⅓ costs, odds, formations, morale states, check letters —
//!   [`types`]; 5.0 counters and organisation, 6.2a regiments — [`units`]
//! * 8.1, 9.0–9.1 where a formation stands, its arcs and ZOC, 8.1a SP spread — [`geometry`];
//!   who stands where and whose ZOC covers a hex — [`occupancy`]
//! * F-9 the maps: terrain, hexsides, places — [`board`]; hex ids (F-1.4) — [`fhex`]
//! * `turn/` — 4.0 the Game Turn: 6.1, 6.5a, 6.7, 6.9 initiative dice ([`turn::initiative`]),
//!   4.0B–E the phases, 6.3–6.6, 6.8 activation (`turn/mod.rs`, `turn/activation.rs`), 6.9
//!   and F-8.2 the Special Initiative Results (`turn/special.rs`)
//! * `movement/` — 11.0 movement: MPo, forward steps straight and oblique, terrain, EZOC,
//!   single-hex facing changes, groups, General Order by terrain (`movement/mod.rs`); 10.1–10.5
//!   groups — [`stacking`]; the TET — [`tables`]; 8.2–8.7 reformations, 9.6 about-faces,
//!   10.12 group changes (`movement/reform.rs`), the Reformation Table ([`tables::reform`])
//! * `fire/` — 12.0 fire combat: the Fire Combat Segment, Fire Reactions, Return and
//!   Defensive Fire, the special results of F-8.5–F-8.7 ([`fire`]); the fire charts —
//!   [`tables::fire`]
//! * `close/` — 13.0 close combat, 14.0 results, 15.0 advance, 16.0 pursuit, 17.0 Cavalry
//!   Reaction, the F-8 special close combat and pursuit results (`close/mod.rs` lists the files)
//! * `setup/` — F-10.0 scenarios read from data, the Set-Up phase (`setup/deploy.rs`)
//! * `commanders/` — 21.0 commanders: offices and bonuses (`mod.rs`), 21.4 losses
//!   (`losses.rs`), 21.5–21.6 replacements and successions (`replacement.rs`), 21.1b
//!   displacement (`displacement.rs`); [`losses`](self) — SP losses (12.9a) and their
//!   consequences for commanders (21.4e, 21.7)
//! * [`reinforcements`] — 22.0; `army/` — 23.0 army morale; [`victory`] — F-10.xd and the
//!   Army Retreat (F-2.2)
//! * `command/` — 7.0 command control: 6.2 Regimental Integrity and 7.1–7.3 Lines of Command
//!   (`command/loc.rs`), 7.4–7.6 initiative and status (`command/mod.rs`), 24.0 Detachments
//!   and F-7.8 (`command/detachment.rs`), F-4.2 special commanders (`command/special.rs`)
//! * [`action`], [`event`], [`state`] — the engine contract's types; `rules.rs` — `impl Rules`;
//!   `view.rs` — names (code and counter id), event lines, prompts; `preview.rs` — what a pending
//!   fire, close combat or check roll resolves
//! * `tests/` — unit tests by rule section; test names start with the rule number

pub mod action;
pub mod army;
pub mod board;
mod board_view;
mod bot;
pub mod checks;
pub mod close;
pub mod command;
pub mod commanders;
pub mod event;
pub mod fhex;
pub mod fire;
pub mod geometry;
mod losses;
pub mod movement;
pub mod occupancy;
mod preview;
pub mod reinforcements;
mod rules;
mod scratch;
pub mod setup;
pub mod stacking;
pub mod state;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod turn;
pub mod types;
pub mod units;
pub mod victory;
mod view;

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

pub use action::Action;
pub use event::Event;
pub use state::State;

use board::Board;
use units::{Org, UnitInfo};

use crate::dice::DiceSpec;
use crate::engine::{Side, SystemInfo};

/// The fontenoy system's facts: side 0 the French, side 1 the Allies (F-10.0c: the French set
/// up first).
pub static INFO: SystemInfo = SystemInfo {
    id: "fontenoy",
    name: "The Battle of Fontenoy, 11 May 1745",
    sides: ["French", "Allied"],
    dice: &[DiceSpec::D10, DiceSpec::D100],
};

/// The French.
pub const FRENCH: Side = Side(0);
/// The Allies.
pub const ALLIED: Side = Side(1);

/// How the sides take turns activating (4.0B; F-10.1a A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Initiative {
    /// Initiative dice every time (6.1).
    Rolled,
    /// No initiative dice: the sides activate all their Divisions in this order every turn
    /// (F-10.1a A: the Allies, then the French), with no End of Turn.
    Fixed([Side; 2]),
}

/// The series rules bound to one Fontenoy scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fontenoy {
    /// The scenario id.
    pub scenario: String,
    /// The map.
    pub board: Arc<Board>,
    /// The map as a front end draws it (empty for a position built by hand).
    pub map_view: Arc<crate::engine::MapView>,
    /// Every counter's fixed facts, indexed by [`units::UnitId`].
    pub units: Arc<Vec<UnitInfo>>,
    /// Divisions, Wings, armies.
    pub org: Arc<Org>,
    /// The Turn Record Track from the first turn: each turn's time as printed.
    pub turns: Vec<String>,
    /// The End-of-Turn Number (6.1c), `None` when the scenario rolls no initiative.
    pub eotn: Option<u8>,
    /// The boxes of an hour's End-of-Turn track before END (6.7a; 5 in 6.7's example).
    pub eot_boxes: u8,
    /// The scenario's limit on Special Initiative Results a turn (6.9b), if any.
    pub special_limit: Option<u8>,
    /// Rolled or fixed activation order.
    pub initiative: Initiative,
    /// The chart booklet's tables.
    pub tables: Arc<tables::Tables>,
    /// The scenario's own rules: its set-up, redoubts, rules in force.
    pub scenario_rules: Arc<setup::ScenarioRules>,
    initial: State,
    /// The last occupancy index built (a cache, no part of the rules' identity).
    occupancy_memo: occupancy::OccupancyMemo,
    /// Working tables for Line of Command searches (a cache, no part of the rules' identity).
    tables_pool: scratch::TablePool,
}

impl Fontenoy {
    /// The rules of a position built by hand: `units` and `org` over `board`, with the turns
    /// `turns`, the initiative parameters and an open board's terrain table, starting from
    /// `initial` (tests and examples; scenarios are read by [`Fontenoy::new`]).
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        scenario: &str,
        board: Board,
        units: Vec<UnitInfo>,
        org: Org,
        turns: Vec<String>,
        eotn: Option<u8>,
        eot_boxes: u8,
        initiative: Initiative,
        initial: State,
    ) -> Fontenoy {
        Fontenoy {
            scenario: String::from(scenario),
            board: Arc::new(board),
            map_view: Arc::new(crate::engine::MapView {
                scheme: String::from("fontenoy"),
                map: String::new(),
                hexes: Vec::new(),
                hexsides: Vec::new(),
            }),
            units: Arc::new(units),
            org: Arc::new(org),
            turns,
            eotn,
            eot_boxes,
            special_limit: None,
            initiative,
            tables: Arc::new(tables::open_terrain()),
            scenario_rules: Arc::new(setup::ScenarioRules::default()),
            initial,
            occupancy_memo: occupancy::OccupancyMemo::default(),
            tables_pool: scratch::TablePool::default(),
        }
    }

    /// The redoubt in hex `h`, if the scenario has one there (F-3.5a).
    pub fn redoubt_at(&self, h: crate::hex::Hex) -> Option<setup::Redoubt> {
        self.scenario_rules
            .redoubts
            .iter()
            .find(|r| r.hex == h)
            .copied()
    }

    /// Whether the scenario option `id` is on (a Fontenoy optional rule such as `5.5`, or a
    /// scenario variant such as `10.1e`): the players' choice, else the option's default.
    pub fn option(&self, id: &str) -> bool {
        self.scenario_rules
            .options_on
            .binary_search_by(|o| o.as_str().cmp(id))
            .is_ok()
    }

    /// The position the scenario starts from.
    pub fn initial(&self) -> &State {
        &self.initial
    }

    /// The unit named by a counter id.
    pub fn unit_index(&self, id: &str) -> Option<units::UnitId> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .map(|i| i as units::UnitId)
    }

    /// The time of turn index `t`, as printed.
    pub fn time(&self, t: u16) -> &str {
        self.turns.get(usize::from(t)).map_or("?", |s| s.as_str())
    }
}

/// The Fontenoy rules as the facade registers them.
pub type FontenoySystem = crate::system::RulesSystem<Fontenoy>;

impl crate::system::ScenarioRules for Fontenoy {
    const INFO: &'static SystemInfo = &INFO;

    fn from_scenario(
        scenario: &crate::data::ResolvedScenario,
    ) -> Result<Self, crate::system::Error> {
        Ok(Fontenoy::new(scenario)?)
    }
}
