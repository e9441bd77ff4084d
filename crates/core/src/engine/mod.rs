//! The engine contract (DESIGN.md, "The engine contract"); docs/engine.md shows how each of the
//! four systems maps onto it.
//!
//! A rule system is a value implementing [`Rules`]: it was built from a scenario (map, counters,
//! charts, options) and knows the rules; the changing part of a game is its `State`, plain data
//! with no generator, no I/O and no globals. At every point exactly one [`Actor`] must act:
//!
//! * `Player(side)` — that side chooses one of `legal_actions`, including mid-turn decisions of
//!   the inactive side (loss allocation, retreat path, reaction fire, countercharge);
//! * `Chance(..)` — dice are rolled: `legal_actions` lists every result and `chance_outcomes`
//!   gives each its exact probability. The rules never draw a random number;
//! * `Terminal(outcome)` — the game is over.
//!
//! [`Rules::apply`] either changes the state and reports [`Rules::Event`]s, each carrying its
//! rule number, or leaves the state untouched and returns [`Illegal`] naming the rule broken.
//! The [`Game`] driver (outside the rules) adds a seeded generator, history, undo and replay.

mod bot;
mod chance;
mod game;
mod hash;
mod memo;
mod view;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display};
use core::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use bot::{Bot, RandomBot, bot_named};
pub use chance::{ChanceError, expand_chance};
pub use game::{Game, GameSnapshot, ReplayError, RngState, Step};
pub use hash::{StableHasher, stable_hash};
pub use memo::Memo;
pub use view::{BoardView, HexView, MapHex, MapSide, MapView, PieceView};

use crate::dice::{DiceSpec, Prob, Roll};
use crate::hex::Hex;

/// One of the two sides of a game, numbered 0 and 1 in the order the system lists them in
/// [`SystemInfo::sides`] (for example `pg`: 0 = Prussian, 1 = Austrian/Coalition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Side(pub u8);

impl TryFrom<u8> for Side {
    type Error = &'static str;
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        if v < 2 {
            Ok(Side(v))
        } else {
            Err("a side is 0 or 1")
        }
    }
}

impl From<Side> for u8 {
    fn from(s: Side) -> u8 {
        s.0
    }
}

impl Side {
    /// The side listed first by the system.
    pub const FIRST: Side = Side(0);
    /// The side listed second by the system.
    pub const SECOND: Side = Side(1);

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        Side(1 - (self.0 & 1))
    }

    /// 0 or 1, for indexing per-side arrays.
    pub const fn index(self) -> usize {
        (self.0 & 1) as usize
    }
}

/// What kind of chance event a chance node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// Dice are rolled; each result is an action (see [`Rules::chance_action`]).
    Dice(DiceSpec),
    /// A random pick that is not a die roll (which leader is hit, which card is drawn); the
    /// outcomes and their probabilities come from [`Rules::chance_outcomes`].
    Draw,
}

/// Who must act now.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// That side must choose one of the legal actions.
    Player(Side),
    /// A chance event must be resolved.
    Chance(Chance),
    /// The game is over.
    Terminal(Outcome),
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Side>,
    /// The victory level in the rulebook's words ("decisive", "marginal", "draw").
    pub level: String,
    /// Victory points of side 0 and side 1 where the system counts them.
    pub points: [i32; 2],
    /// The rule that decided the game.
    pub rule: Cow<'static, str>,
}

/// Why an action was refused: the rule it breaks and an explanation in English.
/// The state is unchanged when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[error("illegal (rule {rule}): {reason}")]
pub struct Illegal {
    /// The rule number, e.g. `7.5.1`; `engine` for violations of the contract itself
    /// (wrong actor, malformed action).
    pub rule: Cow<'static, str>,
    /// What is wrong, naming the pieces and hexes involved.
    pub reason: String,
}

impl Illegal {
    /// An illegal-action error citing `rule`.
    pub fn new(rule: impl Into<Cow<'static, str>>, reason: impl Into<String>) -> Self {
        Illegal {
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

/// Why a position (a state given by a caller, [`Game::from_state`]) was refused: where in the
/// state's JSON the problem is, the rule or invariant it breaks, and an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[error("bad position at {path} (rule {rule}): {reason}")]
pub struct BadPosition {
    /// The JSON path of the offending field in the state (`units[3].hex`; `.` for the whole).
    pub path: String,
    /// The rule number broken (`5.1`), or `engine` for a contract invariant (a list of the
    /// wrong length, an index out of range).
    pub rule: Cow<'static, str>,
    /// What is wrong, naming the pieces and hexes involved.
    pub reason: String,
}

impl BadPosition {
    /// A refusal of the field at `path` under `rule`.
    pub fn new(
        path: impl Into<String>,
        rule: impl Into<Cow<'static, str>>,
        reason: impl Into<String>,
    ) -> Self {
        BadPosition {
            path: path.into(),
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

/// What every event reports beyond its data: the rule that produced it, and an English line.
pub trait EventInfo: Display {
    /// The rule number behind the event (e.g. `10.8.1.3`).
    fn rule(&self) -> &str;

    /// Whether `side` may see this event (hov hidden cards, nbs secret orders and casualties,
    /// 9.0). A system that hides an event also emits a redacted public one where the other side
    /// learns something. Everything is visible by default.
    fn visible_to(&self, side: Side) -> bool {
        let _ = side;
        true
    }
}

/// What the current actor is being asked, for people and user interfaces: the rule that asks
/// and a line of English ("Coalition: allocate loss point 2 of 3 in 1809").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Prompt {
    /// The rule that calls for the decision or roll (empty when the system gives none).
    pub rule: Cow<'static, str>,
    /// The question in English.
    pub text: String,
}

/// What a pending roll resolves, for people deciding whether to go on (for example a close
/// combat's odds and modifiers before its die is rolled). The outcome distribution itself is
/// `chance_outcomes`; this names what the numbers mean.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Preview {
    /// The rule the roll resolves (`"10.6"`).
    pub rule: Cow<'static, str>,
    /// A line of English naming the roll (`"close combat: 1809 attacks 1909"`).
    pub title: String,
    /// Named facts in display order: `("odds", "3-1")`, `("drm terrain (10.5)", "-1")`, ...
    pub facts: Vec<Fact>,
}

/// One named fact of a [`Preview`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fact {
    /// What it is, with its rule where it has one.
    pub name: String,
    /// Its value as shown.
    pub value: String,
}

/// The fixed facts about a rule system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SystemInfo {
    /// The short id: `pg`, `hov`, `fontenoy`, `nbs`.
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// The names of side 0 and side 1.
    pub sides: [&'static str; 2],
    /// The dice the system rolls.
    pub dice: &'static [DiceSpec],
}

/// One place a unit can reach this phase: its total cost and the path from the unit's hex
/// (first element) to it (last element). Costs are in the system's own units (pg: MP;
/// fontenoy: half MPs, since its rules keep fractions).
///
/// For units with a facing (nbs 13.x, fontenoy 9.x) `facing` gives the facing on arrival as a
/// twelfth of a turn (even = toward a hexside, odd = toward a vertex, 0 = the side or vertex of
/// [`crate::hex::Direction`] 0, counting counter-clockwise); for multi-hex formations
/// (fontenoy 8.1) `also` lists the other hexes occupied, `hex` being the lead hex.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reached {
    /// The (lead) hex reached.
    pub hex: Hex,
    /// The facing on arrival, for systems whose units face.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<u8>,
    /// Other hexes occupied by a multi-hex formation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Hex>,
    /// The total cost of the cheapest path.
    pub cost: u32,
    /// The path, start hex first.
    pub path: Vec<Hex>,
}

/// A rule system: the rules of one game, bound to one scenario's component data and options.
///
/// Implementations keep these promises, which the random-play tests check:
/// * `legal_actions` is non-empty unless the actor is `Terminal`, lists every legal decision of
///   the actor in an order that depends only on the state, and every listed action applies;
/// * for a chance node, `legal_actions` and `chance_outcomes` list the same actions in the same
///   order, and the probabilities add to one;
/// * `apply` either succeeds or returns `Illegal` with the state untouched;
/// * nothing depends on anything but the state and the action (no clock, no generator);
/// * progress: no chain of actions returns to an earlier state, so random play ends (free
///   reorderings, e.g. pg 5.4 stack order, are limited per phase by the state);
/// * `legal_actions` of the actor's own observation equals `legal_actions` of the state.
pub trait Rules {
    /// Everything that changes during play.
    type State: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;
    /// One decision of a player, or one chance result.
    type Action: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;
    /// What happened, with its rule number.
    type Event: Clone + Debug + Serialize + DeserializeOwned + EventInfo;

    /// The system this is.
    fn info(&self) -> &SystemInfo;

    /// The state at the start of the scenario.
    fn initial_state(&self) -> Self::State;

    /// Who must act.
    fn actor(&self, state: &Self::State) -> Actor;

    /// What the actor is being asked, with the rule that asks (for display only).
    fn prompt(&self, state: &Self::State) -> Prompt {
        let _ = state;
        Prompt::default()
    }

    /// At a chance node, what the roll resolves (for display only); `None` when the system
    /// has nothing to say beyond the outcomes.
    fn preview(&self, state: &Self::State) -> Option<Preview> {
        let _ = state;
        None
    }

    /// Appends every legal action of the current actor to `out` (which the caller cleared), in
    /// a stable order. Nothing for a terminal state.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// For a chance node, appends every outcome with its exact probability, in the order of
    /// `legal_actions`. Nothing when the actor is not chance.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Action, Prob)>);

    /// The action that a die roll of `roll` stands for at this chance node, if the node rolls
    /// those dice. Lets a caller type in the dice thrown at a real table.
    fn chance_action(&self, state: &Self::State, roll: Roll) -> Option<Self::Action>;

    /// Applies `action`, appending what happened to `events`. On error the state is unchanged
    /// and nothing is appended.
    fn apply(
        &self,
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Illegal>;

    /// The state as `side` may see it: hidden hands, secret orders and unrevealed strengths
    /// replaced by what that side knows. Equal to the state where the game hides nothing.
    fn observation(&self, state: &Self::State, side: Side) -> Self::State;

    /// Every hex `unit` could end in this phase, with cost and path (DESIGN: "small actions",
    /// the whole picture offered by a helper). `unit` is the counter id of the scenario.
    fn reachable(&self, state: &Self::State, unit: &str) -> Result<Vec<Reached>, Illegal>;

    /// The step actions that move `unit` along the path [`reachable`](Self::reachable) gives
    /// for `to` (DESIGN: "`path_action(...)` → the step actions"). Applying them one by one may
    /// still be interrupted by the rules (reaction fire, forced deployment).
    fn path_actions(
        &self,
        state: &Self::State,
        unit: &str,
        to: Hex,
    ) -> Result<Vec<Self::Action>, Illegal>;

    /// The hex in the game's own numbering (`pg` 1809, `nbs` A28.29, ...).
    fn hex_label(&self, hex: Hex) -> String;

    /// The inverse of [`hex_label`](Self::hex_label): the hex a printed id names, if it is on
    /// this scenario's map.
    fn parse_hex(&self, label: &str) -> Option<Hex>;

    /// An identifier of the rules and options this value plays by (system id, scenario id and
    /// every option that changes a rule), stored in saved games and checked on restore so that
    /// a record is never replayed under other rules.
    fn rules_id(&self) -> String {
        String::from(self.info().id)
    }

    /// An English line for an event, with the scenario's names (counter names rather than
    /// indices). The default is the event's own `Display`.
    fn describe_event(&self, event: &Self::Event) -> String {
        alloc::string::ToString::to_string(event)
    }

    /// The pure form of [`apply`](Self::apply): the new state and its events.
    fn applied(
        &self,
        state: &Self::State,
        action: &Self::Action,
    ) -> Result<(Self::State, Vec<Self::Event>), Illegal> {
        let mut next = state.clone();
        let mut events = Vec::new();
        self.apply(&mut next, action, &mut events)?;
        Ok((next, events))
    }

    /// A bot of this system by name (beyond the generic `random`), e.g. pg's `greedy`.
    fn bot(&self, name: &str) -> Option<alloc::boxed::Box<dyn Bot<Self>>>
    where
        Self: Sized,
    {
        let _ = name;
        None
    }

    /// The name of the bot a front end uses when none is asked for (`"default"`): the system's
    /// best player (pg `greedy`, nbs `advance`), else `random`.
    fn default_bot(&self) -> &'static str {
        "random"
    }

    /// Whether `state` is a position this scenario can be played from (set up by hand, or
    /// edited for a "what if"): every field within the scenario's data (counters, map, turns,
    /// phases) and the system's invariants (stacking, one place per unit, markers consistent
    /// with the units they refer to). [`Game::from_state`] and saved games that start from a
    /// position call it. The default refuses every position: a system accepts positions only
    /// once it says what it checks.
    fn check_state(&self, state: &Self::State) -> Result<(), BadPosition> {
        let _ = state;
        Err(BadPosition::new(
            ".",
            "engine",
            alloc::format!(
                "the {} rules do not check positions, so a game cannot start from one",
                self.info().id
            ),
        ))
    }

    /// The stable 64-bit hash of a state (same on every platform and every run).
    fn state_hash(&self, state: &Self::State) -> u64 {
        stable_hash(state)
    }

    /// The map and every counter as a front end draws them, or `None` for a system without a
    /// map view. For display only: nothing here is needed to play.
    fn board(&self, state: &Self::State) -> Option<BoardView> {
        let _ = state;
        None
    }
}

impl Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side {}", self.0)
    }
}
