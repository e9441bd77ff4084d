//! The Napoleonic Brigade Series (Austerlitz), series rules v2.1 with the errata, as the
//! engine contract's state machine (docs/coverage/nbs.md lists every case and its status).
//!
//! Module map by rule number (folders follow the rulebook's sections). Below the rule
//! sections, importing none of them:
//! * 5.3, 6.5, 25.1 value types, 13.0a facing modes, 16.2 step costs, the order's receiver,
//!   kind and method — [`types`]; 5.1, 6.x, 20.6 counters and 10.0 formations — [`units`]
//! * 16.2 terrain and the map, 13.0a frontal arcs — [`board`] (`board/arc.rs`)
//! * Part Three charts — [`tables`], with the 10.1b–10.3 command charts
//!   ([`tables::CommandTables`], `tables/command.rs`)
//! * 10.1 the order model and the Order Log, 10.2 initiative attempts, AUS 3.x the Allied
//!   seniority list — [`order_log`] (pure data and functions; [`command`] re-exports them)
//! * [`action`], [`event`], [`state`] — the engine contract's types; every type the state
//!   holds is in `state.rs` or below it
//!
//! The rules struct [`Nbs`] (this file), then the rule sections as `impl Nbs` blocks:
//! * 12.1, 12.3 stacks, 13.0a facing modes — [`query`], with the per-listing indexes
//!   ([`query::Occ`], `RadiusCache`) that sections pass to each other's methods
//! * 7.0, 8.1–8.2 sequence of play, 16.4 reinforcements, AUS 6–7 victory — `flow`;
//!   the sub-sequences on the task stack — `tasks`
//! * `command/` — 10.x command and control in play: 10.1 command phase and order delivery
//!   ([`command::phase`]), 10.2 initiative and 10.3 stoppage in play (`command/checks.rs`,
//!   [`command::stoppage`]), 10.5 command radius (`command/radius.rs`, `command/gate.rs`),
//!   10.5c and AUS 2.1 attachments (`command/attach.rs`), 26.4 leader losses
//!   (`command/leaders.rs`)
//! * `movement/` — 16 movement (`movement/mod.rs`), 11.0–11.2 formation changes
//!   (`formation.rs`), 11.5 skirmishers (`skirmish.rs`) and 11.5e evasion (`evasion.rs`),
//!   12.0, 12.5 stacking limits (`stacking.rs`), 13.0–13.2 facing (`facing.rs`), 17
//!   extensions (`extension.rs`)
//! * `fire/` — 20 fire combat, 21–22 stragglers and wrecks, 27.2 artillery losses
//!   (`fire/mod.rs`), 19 line of sight ([`los`], `fire/los.rs`) and what it sees
//!   (`sight.rs`: 19.4, 28.0b, AUS 5.1), 11.5c–h skirmishers under fire (`skirmish.rs`)
//! * `charge/` — 24.0–24.1 cavalry charges (`charge/mod.rs`, `advance.rs`), 15.2 reaction
//!   charges and 24.2 blown withdrawal (`reaction.rs`), 23 close combat (`close.rs`)
//! * `morale/` — 25 morale checks and retreats (`morale/mod.rs`); 25.5, 21.2, 24.2c rally
//!   phase (`rally.rs`)
//! * `setup/` — 1.4 set-up, AUS 4.1, 10.1i, AUS 5.3 (`setup/mod.rs`); AUS 7.5 column arrivals
//!   ([`arrival`], `setup/arrival.rs`); AUS 3.1 the Emperors (`royals.rs`)
//! * [`bot`], `view`, `preview`, `position` — the bots, the board view, previews and the
//!   check of a position given by a caller
//! * `tests/` — engine-level tests, one file per rule section (`tests/fire.rs`,
//!   `tests/charge.rs`, `tests/morale.rs`, ...) with their shared helpers in `tests/kit.rs`;
//!   test names start with the rule number
//!
//! A section reaches another only through methods of the split `impl Nbs`; it names no type
//! or function of another section (docs/engine.md, "Layers").

pub mod action;
pub mod board;
pub mod bot;
pub mod charge;
pub mod command;
pub mod event;
mod fire;
mod flow;
mod morale;
mod movement;
pub mod order_log;
mod position;
mod preview;
pub mod query;
mod setup;
pub mod state;
pub mod tables;
mod tasks;
#[cfg(test)]
mod tests;
pub mod types;
pub mod units;
mod view;

pub use fire::los;
pub use setup::arrival;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

pub use action::Action;
pub use event::Event;
pub use state::State;

use board::Board;
use state::{Phase, Task, UnitId};
use tables::CommandTables;
use tables::Tables;
use units::UnitInfo;

use crate::data::{DataError, ResolvedScenario};
use crate::dice::{DiceSpec, Prob, Roll};
use crate::engine::{
    Actor, BoardView, Chance, Illegal, MapView, Prompt, Reached, Rules, Side, SystemInfo,
};
use crate::hex::Hex;
use crate::system::{Error, RulesSystem, ScenarioRules};

/// The nbs system's facts: side 0 the French, side 1 the Allies.
pub static INFO: SystemInfo = SystemInfo {
    id: "nbs",
    name: "Austerlitz (Napoleonic Brigade Series)",
    sides: ["French", "Allied"],
    dice: &[DiceSpec::D6, DiceSpec::TwoD6, DiceSpec::D66],
};

/// The French.
pub const FRENCH: Side = Side(0);
/// The Allies.
pub const ALLIED: Side = Side(1);

/// One turn of the Turn Record Track (1.1d, 19.4, 28.0, AUS 5.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnInfo {
    /// Its time, as printed.
    pub label: String,
    /// A night turn (28.0).
    pub night: bool,
    /// Visibility in hexes (19.4); `None` unlimited.
    pub visibility: Option<u8>,
    /// The number applies only when an end of the line is at level 5 or below (AUS 5.1).
    pub fog_low_only: bool,
}

/// A reinforcement (16.4): the unit, its turn and its entry hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The unit.
    pub unit: UnitId,
    /// The turn.
    pub turn: u16,
    /// The entry hex.
    pub hex: Hex,
    /// The column it travels with when the scenario plots column arrivals (AUS 7.5; index
    /// of [`arrival::ColumnRules::columns`]): then the column's plot decides turn and hex.
    pub column: Option<u8>,
}

/// How the scenario is won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Victory {
    /// AUS 6.0 victory points (scenarios 3, 4, 5).
    Points,
    /// AUS 7.1: places captured and divisions wrecked.
    Goldbach {
        /// The hexes the Allies must hold.
        hexes: Vec<Hex>,
        /// The French divisions.
        divisions: Vec<String>,
        /// How many must be wrecked.
        wrecked_at_least: u8,
    },
    /// AUS 7.2: VPs for wrecked enemy brigades.
    Brigades,
}

/// The series rules bound to one Austerlitz scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nbs {
    /// The scenario id.
    pub scenario: String,
    /// The map.
    pub board: Board,
    /// The playable part of the map as a front end draws it.
    pub map_view: MapView,
    /// Every counter's fixed facts, indexed by [`UnitId`].
    pub units: Vec<UnitInfo>,
    /// The charts.
    pub tables: Tables,
    /// The command charts.
    pub command: CommandTables,
    /// The Movement Chart column of each [`board::Terrain`] (by its order in `Terrain::ALL`).
    pub terrain_cols: Vec<tables::TerrainIdx>,
    /// The Movement Chart column of each hexside feature bit ([`board::side::IDS`]).
    /// Indexed by [`feature_slot`]: 0 for an elevation change, `k + 1` for the bit `1 << k`.
    pub feature_cols: [Option<tables::FeatureIdx>; 17],
    /// Division wrecked lines (20.6b).
    pub divisions: Vec<(String, u8)>,
    /// The Turn Record Track from the first turn: index = turn - first.
    pub turns: Vec<TurnInfo>,
    /// The first turn's number.
    pub first_turn: u16,
    /// The side that moves first (AUS 5.2: the Allies).
    pub first_player: Side,
    /// Reinforcements.
    pub arrivals: Vec<Arrival>,
    /// The victory rules.
    pub victory: Victory,
    /// VP tables of AUS 6.1 (losses → VPs to the opponent), per side losing: (from, vp).
    pub loss_vp: [Vec<(u32, i32)>; 2],
    /// AUS 6.2 formation VPs: (formation, side losing it, VPs).
    pub formation_vp: Vec<(String, Side, i32)>,
    /// AUS 6.4 levels: (minimum Allied minus French, level, winner).
    pub levels: Vec<(i32, String, Option<Side>)>,
    /// The formations that receive orders (10.0, AUS 2.3, 3.2b).
    pub formations: Vec<units::Formation>,
    /// 10.1a enforced: close combats only by units whose command holds an Attack order in
    /// force, or independent units (digest §8.4 item 33; default on).
    pub strict_orders: bool,
    /// Leader movement costs per hex and direction (half MPs; `u8::MAX` prohibited), for
    /// command radius and order delivery (10.5a, 10.1e).
    pub leader_costs: Vec<[u8; 6]>,
    /// Buxhowden and the Left Wing columns he may command (AUS 3.2c), by formation index.
    pub buxhowden: Option<(UnitId, Vec<(usize, u16)>)>,
    /// The rating of a division leader's generic replacement back (26.4b; provisional data,
    /// `rules.replacement_leader_rating`).
    pub replacement_rating: u8,
    /// Command-radius searches kept across listings (10.5a; a cache, not part of the rules).
    pub(crate) radius_memo: command::radius::RadiusMemo,
    /// AERR-6: the Allied skirmisher cap in full-strength equivalents (`None` under OPT-1).
    pub skirmisher_cap: Option<u8>,
    /// AUS 4.1a: the Emperors selected to roll for initiative every turn.
    pub emperors_must_roll: Vec<order_log::initiative::Emperor>,
    /// AUS 4.1a reading `aus-4.1a-total`: a selected Emperor's loose cannon is a dice total of
    /// 2 or 3 (digest §8.4 item 11 a) instead of the Initiative Table's range (item 11 b).
    pub emperor_lc_on_total: bool,
    /// AUS 5.1 option `aus-5.1-fog-charges`: charges and reaction charges only at targets
    /// within the turn's visibility.
    pub fog_charges: bool,
    /// 20.2f reading `nbs-20.2f-modifiers-first`: the column modifiers apply to a fractional
    /// fire total before its column is found (a total rounding to zero shifts from zero);
    /// off, the fraction takes the "Less than 1" column and the modifiers shift that (20.0).
    pub fraction_modifiers_first: bool,
    /// Divisions that join a corps when its HQ arrives (`rules.attach_on_arrival`): (division,
    /// corps), by formation index.
    pub attach_on_arrival: Vec<(u16, u16)>,
    /// The Set-Up Phase's zones and variants (1.4, AUS 4.1b, 4.1c; nbs/setup.rs).
    pub setup: setup::SetUpRules,
    /// AUS 3.1: the Emperors (nbs/royals.rs).
    pub emperors: Vec<UnitId>,
    /// AUS 7.5: the plotted arrival of the Allied columns (scenario 5; nbs/arrival.rs).
    pub columns: Option<arrival::ColumnRules>,
    initial: State,
}

impl Nbs {
    /// Binds the rules to a scenario.
    pub fn new(s: &ResolvedScenario) -> Result<Nbs, DataError> {
        flow::build(s)
    }

    /// The Movement Chart column of a terrain.
    pub(crate) fn terrain_idx(&self, t: board::Terrain) -> tables::TerrainIdx {
        // `Terrain::ALL` is in declaration order (pinned by a test), so the discriminant is
        // the position.
        self.terrain_cols[t as usize]
    }

    /// The Movement Chart column of a hexside feature bit (0: an elevation change).
    pub(crate) fn feature_idx(&self, bit: u16) -> Option<tables::FeatureIdx> {
        self.feature_cols.get(feature_slot(bit)).copied().flatten()
    }

    /// The unit named by a counter id.
    pub fn unit_index(&self, id: &str) -> Option<UnitId> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .map(|i| i as UnitId)
    }

    /// The Turn Record Track entry of `turn`.
    pub fn turn_info(&self, turn: u16) -> &TurnInfo {
        let i = usize::from(turn.saturating_sub(self.first_turn));
        &self.turns[i.min(self.turns.len() - 1)]
    }

    /// The last turn.
    pub fn last_turn(&self) -> u16 {
        self.first_turn + self.turns.len() as u16 - 1
    }

    /// The side moving now.
    pub fn phasing(&self, s: &State) -> Side {
        s.phasing(self.first_player)
    }

    fn name(&self, u: UnitId) -> &str {
        self.units
            .get(usize::from(u))
            .map_or("?", |i| i.name.as_str())
    }

    fn label(&self, h: Hex) -> String {
        self.board
            .grid
            .to_id(h)
            .map_or_else(|| format!("{h:?}"), |id| id.to_string())
    }

    fn unit_ref(&self, s: &State, u: UnitId) -> Result<(), Illegal> {
        if usize::from(u) >= s.units.len() {
            return Err(Illegal::new(
                "engine",
                format!("there is no unit {u} (the scenario has {})", s.units.len()),
            ));
        }
        Ok(())
    }

    /// The next state after `a`, or why `a` is refused (state untouched).
    fn next_state(&self, s: &State, a: &Action, ev: &mut Vec<Event>) -> Result<State, Illegal> {
        if s.over {
            return Err(Illegal::new("engine", "the game is over"));
        }
        let mut n = s.clone();
        let mark = ev.len();
        let r = self.dispatch(&mut n, a, ev);
        match r {
            Ok(()) => {
                self.settle(&mut n, ev);
                if !n.hidden.is_empty() {
                    self.after_hidden(s, &mut n, ev); // AUS 4.1b
                }
                Ok(n)
            }
            Err(e) => {
                ev.truncate(mark);
                Err(e)
            }
        }
    }

    fn dispatch(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        // Chance nodes first: only rolls are legal there.
        if let Actor::Chance(c) = self.actor_of(s) {
            return match (a, c) {
                (Action::Roll(r), Chance::Dice(spec)) if r.spec == spec => {
                    self.resolve_roll(s, *r, ev)
                }
                (Action::Pick(i), Chance::Draw) => self.resolve_pick(s, *i, ev),
                _ => Err(Illegal::new(
                    "engine",
                    format!("{a:?} is not a result of the pending roll ({c:?})"),
                )),
            };
        }
        if let Some(t) = s.tasks.last() {
            return self.task_action(s, t.clone(), a, ev);
        }
        match s.phase {
            Phase::SetUp => self.setup_action(s, a, ev),
            Phase::Command => self.command_action(s, a, ev),
            Phase::Movement => self.movement_action(s, a, ev),
            Phase::Withdrawal => self.withdrawal_action(s, a, ev),
            Phase::DefensiveFire | Phase::OffensiveFire => self.fire_action(s, a, ev),
            Phase::Recovery | Phase::Rally | Phase::CavalryRecovery => self.rally_action(s, a, ev),
        }
    }

    fn actor_of(&self, s: &State) -> Actor {
        if s.over {
            return Actor::Terminal(self.outcome(s));
        }
        if let Some(t) = s.tasks.last() {
            return self.task_actor(s, t);
        }
        let p = self.phasing(s);
        match s.phase {
            Phase::Withdrawal | Phase::DefensiveFire => Actor::Player(p.other()),
            _ => Actor::Player(p),
        }
    }

    fn task_actor(&self, s: &State, t: &Task) -> Actor {
        let p = self.phasing(s);
        match t {
            Task::Declaring(_) => {
                if s.phase == Phase::DefensiveFire {
                    Actor::Player(p.other())
                } else {
                    Actor::Player(p)
                }
            }
            Task::FireRoll { .. } | Task::Morale(_) | Task::BloodLust { .. } => {
                Actor::Chance(Chance::Dice(DiceSpec::D66))
            }
            Task::RecoveryRoll { .. } => Actor::Chance(Chance::Dice(DiceSpec::D66)),
            Task::LeaderHit { .. } => Actor::Chance(Chance::Draw),
            Task::GunLoss { .. }
            | Task::StragglerRoll { .. }
            | Task::RallyRoll { .. }
            | Task::BlownRoll { .. } => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            Task::Stoppage { .. } | Task::ArrivalRoll { .. } => {
                Actor::Chance(Chance::Dice(DiceSpec::TwoD6))
            }
            Task::InitiativeRoll { .. } | Task::AcceptanceRoll { .. } => {
                Actor::Chance(Chance::Dice(DiceSpec::D66))
            }
            Task::DelayRoll { .. } => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            Task::OrderWriting { source, .. } => Actor::Player(self.order_writer(s, *source)),
            Task::CloseCombat(cc) => charge::close::actor(cc),
            Task::Retreat(r) => {
                let owner = r
                    .units
                    .first()
                    .map_or(p, |&u| self.units[usize::from(u)].side);
                Actor::Player(owner)
            }
            // The batteries' owner (15.1g: the phasing player's guns at a square forming).
            Task::OpportunityWindow { batteries, .. } => Actor::Player(
                batteries
                    .first()
                    .map_or(p.other(), |&b| self.units[usize::from(b)].side),
            ),
            Task::Reface { hex } => {
                let owner = self
                    .combat_stack(s, *hex)
                    .first()
                    .map_or(p, |&u| self.units[usize::from(u)].side);
                Actor::Player(owner)
            }
            Task::SkirmisherEvade { target, .. } => Actor::Player(self.evader_side(s, *target)),
            Task::Promote { corps, .. } => Actor::Player(self.promote_actor(*corps)),
            Task::Placing { unit } | Task::Returning { unit } => {
                Actor::Player(self.units[usize::from(*unit)].side)
            }
            Task::Assembling { .. } => Actor::Player(p),
            // Never at rest on top: `settle` runs it at once.
            Task::Resume { .. } => Actor::Player(p),
            Task::Cavalry(c) => self.cavalry_actor(s, c),
        }
    }
}

impl Rules for Nbs {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn info(&self) -> &SystemInfo {
        &INFO
    }

    fn check_state(&self, state: &State) -> Result<(), crate::engine::BadPosition> {
        self.check_position(state)
    }

    fn initial_state(&self) -> State {
        self.initial.clone()
    }

    fn actor(&self, s: &State) -> Actor {
        self.actor_of(s)
    }

    fn prompt(&self, s: &State) -> Prompt {
        self.prompt_of(s)
    }

    fn preview(&self, s: &State) -> Option<crate::engine::Preview> {
        if !matches!(self.actor_of(s), Actor::Chance(_)) {
            return None;
        }
        self.preview_of(s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.actions(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, Prob)>) {
        match self.actor_of(s) {
            Actor::Chance(Chance::Dice(spec)) => {
                out.extend(spec.outcomes().map(|(r, p)| (Action::Roll(r), p)));
            }
            Actor::Chance(Chance::Draw) => {
                let n = match s.tasks.last() {
                    Some(Task::LeaderHit { leaders }) => leaders.len().max(1) as u32,
                    _ => 1,
                };
                out.extend((0..n).map(|i| (Action::Pick(i as u8), Prob::new(1, n))));
            }
            _ => {}
        }
    }

    fn chance_action(&self, s: &State, roll: Roll) -> Option<Action> {
        match self.actor_of(s) {
            Actor::Chance(Chance::Dice(spec)) if spec == roll.spec => Some(Action::Roll(roll)),
            _ => None,
        }
    }

    fn apply(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        *s = self.next_state(s, a, ev)?;
        Ok(())
    }

    fn applied(&self, s: &State, a: &Action) -> Result<(State, Vec<Event>), Illegal> {
        let mut ev = Vec::new();
        let n = self.next_state(s, a, &mut ev)?;
        Ok((n, ev))
    }

    fn observation(&self, s: &State, side: Side) -> State {
        // 9.0: casualties, stragglers and wrecked status of the other side are secret, and so
        // are its orders. The counters themselves may be examined (the 9.0 default).
        let mut o = s.clone();
        for (i, u) in o.units.iter_mut().enumerate() {
            let info = &self.units[i];
            if info.side != side && info.has_loss_chart() {
                u.casualties = 0;
                u.stragglers = 0;
            }
        }
        o.casualty_track[side.other().index()] = 0;
        o.orders[side.other().index()] = Default::default();
        self.hide_plot(&mut o, side); // AUS 7.5: the arrival plot is secret
        // AUS 4.1b: the other side sees that hidden units are off the map, not where.
        for &u in &s.hidden {
            if self.units[usize::from(u)].side != side {
                let x = &mut o.units[usize::from(u)];
                x.place = state::Place::Off;
                x.facing = crate::hex::Facing::new(0).unwrap_or(x.facing);
                x.formation = types::Formation::None;
            }
        }
        o
    }

    fn reachable(&self, s: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        let u = self
            .unit_index(unit)
            .ok_or_else(|| Illegal::new("engine", format!("no unit `{unit}` in this scenario")))?;
        self.reach(s, u)
    }

    fn path_actions(&self, s: &State, unit: &str, to: Hex) -> Result<Vec<Action>, Illegal> {
        let u = self
            .unit_index(unit)
            .ok_or_else(|| Illegal::new("engine", format!("no unit `{unit}` in this scenario")))?;
        let all = self.reach(s, u)?;
        let r = all.iter().find(|r| r.hex == to).ok_or_else(|| {
            Illegal::new(
                "16.1",
                format!(
                    "{} cannot reach {} this phase",
                    self.name(u),
                    self.label(to)
                ),
            )
        })?;
        Ok(r.path
            .iter()
            .skip(1)
            .map(|&h| Action::Step { unit: u, to: h })
            .collect())
    }

    fn hex_label(&self, hex: Hex) -> String {
        self.label(hex)
    }

    fn parse_hex(&self, label: &str) -> Option<Hex> {
        self.board
            .grid
            .parse(label)
            .ok()
            .filter(|h| self.board.on_map(*h))
    }

    fn rules_id(&self) -> String {
        format!("nbs/{}", self.scenario)
    }

    fn describe_event(&self, e: &Event) -> String {
        self.describe(e)
    }

    fn board(&self, s: &State) -> Option<BoardView> {
        Some(BoardView::new(&self.map_view, self.piece_views(s)))
    }

    fn default_bot(&self) -> &'static str {
        "advance"
    }

    fn bot(&self, name: &str) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        bot::named(name)
    }
}

/// The place of a hexside feature bit in [`Nbs::feature_cols`]: 0 for 0 (an elevation
/// change), `k + 1` for `1 << k`; a value of several bits has no place (17, out of range).
pub fn feature_slot(bit: u16) -> usize {
    match bit {
        0 => 0,
        b if b.is_power_of_two() => b.trailing_zeros() as usize + 1,
        _ => 17,
    }
}

/// The nbs rules as the facade registers them.
pub type NbsSystem = RulesSystem<Nbs>;

impl ScenarioRules for Nbs {
    const INFO: &'static SystemInfo = &INFO;

    fn from_scenario(scenario: &ResolvedScenario) -> Result<Self, Error> {
        Ok(Nbs::new(scenario)?)
    }
}
