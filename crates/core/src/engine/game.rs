//! The driver outside the rules (DESIGN: consequence 5): a state, a seeded generator for chance,
//! the history with undo, replay, and random play.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Actor, BadPosition, Illegal, Outcome, Rules};
use crate::dice::{Prob, Roll};

/// The complete state of the chance generator (PCG-XSH-RR 64/32, `rand_pcg::Pcg32`): its
/// 64-bit state and stream. Serialised as two 16-digit hexadecimal strings so that JSON readers
/// without 64-bit integers (JavaScript) keep it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RngState {
    /// The generator's state word.
    pub state: u64,
    /// The generator's stream (increment >> 1).
    pub stream: u64,
}

impl RngState {
    /// The generator seeded from `seed` the way `rand_core::SeedableRng::seed_from_u64` does.
    pub fn from_seed(seed: u64) -> Self {
        RngState::of(&Pcg32::seed_from_u64(seed))
    }

    fn of(rng: &Pcg32) -> Self {
        RngState {
            state: rng.state(),
            stream: rng.stream(),
        }
    }

    fn generator(self) -> Pcg32 {
        Pcg32::from_state(self.state, self.stream)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RngRepr {
    state: String,
    stream: String,
}

impl Serialize for RngState {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RngRepr {
            state: alloc::format!("{:016x}", self.state),
            stream: alloc::format!("{:016x}", self.stream),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for RngState {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = RngRepr::deserialize(d)?;
        let parse = |field: &str, v: &str| {
            if v.len() != 16 {
                return Err(D::Error::custom(alloc::format!(
                    "rng {field} must be 16 hexadecimal digits, got {v:?}"
                )));
            }
            u64::from_str_radix(v, 16).map_err(|_| {
                D::Error::custom(alloc::format!("rng {field} is not hexadecimal: {v:?}"))
            })
        };
        Ok(RngState {
            state: parse("state", &r.state)?,
            stream: parse("stream", &r.stream)?,
        })
    }
}

/// One entry of the history: the action and the generator as it was before it, so that undoing a
/// roll and rolling again gives the same result (no fishing for dice).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    bound = "A: Serialize + serde::de::DeserializeOwned",
    deny_unknown_fields
)]
pub struct Step<A> {
    /// The action applied.
    pub action: A,
    /// The generator before the action was chosen.
    pub rng_before: RngState,
}

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Action number `index` (0-based) was refused.
    #[error("action {index} of the record is illegal: {illegal}")]
    Illegal {
        /// Position of the refused action.
        index: usize,
        /// Why it was refused.
        illegal: Illegal,
    },
    /// The record was made under other rules or options.
    #[error("the record was made under rules {saved:?}, not {current:?}")]
    WrongRules {
        /// The rules id in the record.
        saved: String,
        /// The rules id of the rules given.
        current: String,
    },
    /// The record's seed is not the one its dice came from.
    #[error("the seed {seed} does not give the generator the record starts with (a changed seed?)")]
    WrongSeed {
        /// The seed in the record.
        seed: u64,
    },
    /// The record starts from a position ([`GameSnapshot::start`]) that the rules refuse.
    #[error("the saved game's starting position is refused: {0}")]
    BadStart(BadPosition),
    /// The record's final state differs from the state reached by replaying it.
    #[error(
        "the saved state does not match the state its history produces (hash {saved:016x} vs {replayed:016x})"
    )]
    Mismatch {
        /// Hash of the saved state.
        saved: u64,
        /// Hash of the replayed state.
        replayed: u64,
    },
}

/// A saved game: enough to restore it exactly, checked on restore by replaying the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub struct GameSnapshot<R: Rules> {
    /// [`Rules::rules_id`] of the rules the game was played under.
    pub rules: String,
    /// The seed the game started with.
    pub seed: u64,
    /// The generator now.
    pub rng: RngState,
    /// The position the history starts from, when it is not the scenario's start: a game
    /// begun with [`Game::from_state`]. Absent in records of games begun at the scenario's
    /// start (and in every record made before positions existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<R::State>,
    /// Every action so far.
    pub history: Vec<Step<R::Action>>,
    /// The state now.
    pub state: R::State,
}

/// How often the driver keeps a copy of the state, so that undo replays at most this many steps.
const SNAPSHOT_EVERY: usize = 64;

/// A game in progress: rules, state, generator and history.
///
/// ```text
/// let mut game = Game::new(rules, 1);
/// while game.outcome().is_none() {
///     match game.actor() {
///         Actor::Chance(_) => { game.roll()?; }
///         Actor::Player(side) => { let a = choose(side, game.legal_actions()); game.step(&a)?; }
///         Actor::Terminal(_) => unreachable!(),
///     }
/// }
/// ```
pub struct Game<R: Rules> {
    rules: R,
    seed: u64,
    state: R::State,
    rng: Pcg32,
    history: Vec<Step<R::Action>>,
    /// `snapshots[k]` is the state after `k * SNAPSHOT_EVERY` actions.
    snapshots: Vec<R::State>,
    /// The history starts from a position given by the caller (`snapshots[0]`), not from the
    /// scenario's start.
    from_position: bool,
    actions: Vec<R::Action>,
    outcomes: Vec<(R::Action, Prob)>,
    events: Vec<R::Event>,
}

impl<R: Rules + Clone> Clone for Game<R> {
    fn clone(&self) -> Self {
        Game {
            rules: self.rules.clone(),
            seed: self.seed,
            state: self.state.clone(),
            rng: self.rng.clone(),
            history: self.history.clone(),
            snapshots: self.snapshots.clone(),
            from_position: self.from_position,
            actions: Vec::new(),
            outcomes: Vec::new(),
            events: self.events.clone(),
        }
    }
}

impl<R: Rules> fmt::Debug for Game<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("system", &self.rules.info().id)
            .field("seed", &self.seed)
            .field("steps", &self.history.len())
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

/// A uniform integer in `0..n` (`n > 0`) by rejection sampling, identical on every platform.
fn uniform_below(rng: &mut Pcg32, n: u64) -> u64 {
    debug_assert!(n > 0);
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let v = rng.next_u64();
        if v <= zone {
            return v % n;
        }
    }
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// Picks an index of `outcomes` with its exact probability. Probabilities are brought to their
/// least common denominator, so sampling is exact for any rational distribution whose
/// denominators' lcm fits in 64 bits. Returns `None` for an empty list or a list that does not
/// add to one.
fn sample_exact<A>(rng: &mut Pcg32, outcomes: &[(A, Prob)]) -> Option<usize> {
    let mut lcm: u64 = 1;
    for (_, p) in outcomes {
        let d = u64::from(p.den());
        lcm = lcm.checked_mul(d / gcd(lcm, d))?;
    }
    let total: u64 = outcomes
        .iter()
        .map(|(_, p)| u64::from(p.num()) * (lcm / u64::from(p.den())))
        .sum();
    if total != lcm {
        return None;
    }
    let mut pick = uniform_below(rng, lcm);
    for (i, (_, p)) in outcomes.iter().enumerate() {
        let w = u64::from(p.num()) * (lcm / u64::from(p.den()));
        if pick < w {
            return Some(i);
        }
        pick -= w;
    }
    None
}

fn contract(reason: impl Into<String>) -> Illegal {
    Illegal::new("engine", reason)
}

impl<R: Rules> Game<R> {
    /// A new game at the scenario's start, with the generator seeded from `seed`.
    pub fn new(rules: R, seed: u64) -> Self {
        let state = rules.initial_state();
        Self::starting(rules, state, seed, false)
    }

    /// A new game from `state`, a position set up by the caller (pieces moved by hand, a
    /// "what if"), with the generator seeded from `seed` and an empty history: undo and replay
    /// go back to this position, not to the scenario's start. The position is refused, naming
    /// the field and the rule, unless [`Rules::check_state`] accepts it.
    pub fn from_state(rules: R, state: R::State, seed: u64) -> Result<Self, BadPosition> {
        rules.check_state(&state)?;
        Ok(Self::starting(rules, state, seed, true))
    }

    fn starting(rules: R, state: R::State, seed: u64, from_position: bool) -> Self {
        Game {
            rules,
            seed,
            rng: RngState::from_seed(seed).generator(),
            snapshots: alloc::vec![state.clone()],
            from_position,
            state,
            history: Vec::new(),
            actions: Vec::new(),
            outcomes: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Replays `actions` from the start of the scenario with the generator seeded from `seed`.
    /// Chance actions in the record are applied as recorded; the generator is advanced only by
    /// [`roll`](Self::roll) and random play, so a record made with rolls from elsewhere replays too.
    pub fn replay(rules: R, seed: u64, actions: &[R::Action]) -> Result<Self, ReplayError> {
        let mut game = Game::new(rules, seed);
        for (index, action) in actions.iter().enumerate() {
            game.step(action)
                .map_err(|illegal| ReplayError::Illegal { index, illegal })?;
        }
        Ok(game)
    }

    /// Restores a saved game by replaying its history (from its starting position when it has
    /// one, checked like [`from_state`](Self::from_state)), and checks that the replay reaches
    /// the saved state.
    pub fn restore(rules: R, saved: GameSnapshot<R>) -> Result<Self, ReplayError> {
        let current = rules.rules_id();
        if saved.rules != current {
            return Err(ReplayError::WrongRules {
                saved: saved.rules,
                current,
            });
        }
        let mut game = match saved.start {
            Some(start) => {
                Game::from_state(rules, start, saved.seed).map_err(ReplayError::BadStart)?
            }
            None => Game::new(rules, saved.seed),
        };
        // The seed must be the one the record's dice came from: the generator before the first
        // action (or now, with no action yet) is the one the seed gives.
        let start = saved
            .history
            .first()
            .map_or(saved.rng, |step| step.rng_before);
        if start != game.rng_state() {
            return Err(ReplayError::WrongSeed { seed: saved.seed });
        }
        for (index, step) in saved.history.iter().enumerate() {
            game.rng = step.rng_before.generator();
            game.step(&step.action)
                .map_err(|illegal| ReplayError::Illegal { index, illegal })?;
        }
        if game.state != saved.state {
            return Err(ReplayError::Mismatch {
                saved: game.rules.state_hash(&saved.state),
                replayed: game.rules.state_hash(&game.state),
            });
        }
        game.rng = saved.rng.generator();
        Ok(game)
    }

    /// Everything needed to restore this game with [`restore`](Self::restore).
    pub fn snapshot(&self) -> GameSnapshot<R> {
        GameSnapshot {
            rules: self.rules.rules_id(),
            seed: self.seed,
            rng: self.rng_state(),
            start: self.start().cloned(),
            history: self.history.clone(),
            state: self.state.clone(),
        }
    }

    /// The position the history starts from when the game was begun with
    /// [`from_state`](Self::from_state); `None` for a game begun at the scenario's start.
    pub fn start(&self) -> Option<&R::State> {
        if self.from_position {
            self.snapshots.first()
        } else {
            None
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The current state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The seed the game started with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator's current state.
    pub fn rng_state(&self) -> RngState {
        RngState::of(&self.rng)
    }

    /// Replaces the generator (for callers that save and restore it themselves).
    pub fn set_rng_state(&mut self, rng: RngState) {
        self.rng = rng.generator();
    }

    /// Every step so far, oldest first.
    pub fn history(&self) -> &[Step<R::Action>] {
        &self.history
    }

    /// The events of the last successful step.
    pub fn last_events(&self) -> &[R::Event] {
        &self.events
    }

    /// The stable 64-bit hash of the current state.
    pub fn state_hash(&self) -> u64 {
        self.rules.state_hash(&self.state)
    }

    /// Who must act now.
    pub fn actor(&self) -> Actor {
        self.rules.actor(&self.state)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.actor() {
            Actor::Terminal(o) => Some(o),
            _ => None,
        }
    }

    /// The legal actions of the current actor (computed into a reused buffer).
    pub fn legal_actions(&mut self) -> &[R::Action] {
        self.actions.clear();
        self.rules.legal_actions(&self.state, &mut self.actions);
        &self.actions
    }

    /// The outcomes of the current chance node with their exact probabilities (empty when the
    /// actor is not chance).
    pub fn chance_outcomes(&mut self) -> &[(R::Action, Prob)] {
        self.outcomes.clear();
        self.rules.chance_outcomes(&self.state, &mut self.outcomes);
        &self.outcomes
    }

    /// Applies `action` for the current actor. On error nothing changes.
    pub fn step(&mut self, action: &R::Action) -> Result<&[R::Event], Illegal> {
        let rng_before = self.rng_state();
        self.apply_recorded(action, rng_before)?;
        Ok(&self.events)
    }

    fn apply_recorded(&mut self, action: &R::Action, rng_before: RngState) -> Result<(), Illegal> {
        if let Actor::Terminal(_) = self.rules.actor(&self.state) {
            return Err(contract("the game is over; no action can be applied"));
        }
        let mut events = core::mem::take(&mut self.events);
        events.clear();
        #[cfg(debug_assertions)]
        let before = self.rules.state_hash(&self.state);
        match self.rules.apply(&mut self.state, action, &mut events) {
            Ok(()) => {
                self.events = events;
                self.history.push(Step {
                    action: action.clone(),
                    rng_before,
                });
                if self.history.len() % SNAPSHOT_EVERY == 0 {
                    self.snapshots.push(self.state.clone());
                }
                Ok(())
            }
            Err(e) => {
                #[cfg(debug_assertions)]
                debug_assert_eq!(
                    before,
                    self.rules.state_hash(&self.state),
                    "Rules::apply changed the state and then refused the action ({e})"
                );
                events.clear();
                self.events = events;
                Err(e)
            }
        }
    }

    /// Applies `action` on behalf of `side`, refusing it when `side` is not the player to act
    /// (for tables where each seat submits its own actions).
    pub fn step_as(
        &mut self,
        side: super::Side,
        action: &R::Action,
    ) -> Result<&[R::Event], Illegal> {
        match self.rules.actor(&self.state) {
            Actor::Player(s) if s == side => self.step(action),
            other => Err(contract(alloc::format!(
                "{} may not act now: the actor is {other:?}",
                self.rules.info().sides[side.index()]
            ))),
        }
    }

    /// The events of the last step that `side` may see.
    pub fn last_events_for(&self, side: super::Side) -> impl Iterator<Item = &R::Event> {
        self.events
            .iter()
            .filter(move |e| super::EventInfo::visible_to(*e, side))
    }

    /// At a chance node, samples an outcome with the game's generator (exactly, by its
    /// probability) and applies it. Returns the action chosen.
    pub fn roll(&mut self) -> Result<R::Action, Illegal> {
        if !matches!(self.rules.actor(&self.state), Actor::Chance(_)) {
            return Err(contract("roll: the actor is not chance"));
        }
        let rng_before = self.rng_state();
        self.outcomes.clear();
        self.rules.chance_outcomes(&self.state, &mut self.outcomes);
        let Some(i) = sample_exact(&mut self.rng, &self.outcomes) else {
            self.rng = rng_before.generator();
            return Err(contract("roll: the chance outcomes do not add to one"));
        };
        let action = self.outcomes[i].0.clone();
        if let Err(e) = self.apply_recorded(&action, rng_before) {
            self.rng = rng_before.generator();
            return Err(e);
        }
        Ok(action)
    }

    /// Samples the chance node with a generator seeded by `seed` instead of the game's own (a
    /// caller that wants reproducible dice of its own). The game's generator is not advanced;
    /// the outcome is recorded as an ordinary action, so replay and undo work as for any step.
    pub fn roll_seeded(&mut self, seed: u64) -> Result<R::Action, Illegal> {
        if !matches!(self.rules.actor(&self.state), Actor::Chance(_)) {
            return Err(contract("roll: the actor is not chance"));
        }
        let mut rng = Pcg32::seed_from_u64(seed);
        self.outcomes.clear();
        self.rules.chance_outcomes(&self.state, &mut self.outcomes);
        let Some(i) = sample_exact(&mut rng, &self.outcomes) else {
            return Err(contract("roll: the chance outcomes do not add to one"));
        };
        let action = self.outcomes[i].0.clone();
        self.step(&action)?;
        Ok(action)
    }

    /// At a dice chance node, applies the dice a caller rolled (for example at a real table).
    pub fn roll_value(&mut self, roll: Roll) -> Result<&[R::Event], Illegal> {
        let action = self.rules.chance_action(&self.state, roll).ok_or_else(|| {
            contract(alloc::format!(
                "{} {} is not a result of the dice rolled now",
                roll.spec,
                roll
            ))
        })?;
        self.step(&action)
    }

    /// Takes back the last action (and restores the generator as it was before it). Returns the
    /// action, or `None` at the start of the game.
    pub fn undo(&mut self) -> Option<R::Action> {
        let last = self.history.pop()?;
        let n = self.history.len();
        self.snapshots.truncate(n / SNAPSHOT_EVERY + 1);
        let mut state = self.snapshots[n / SNAPSHOT_EVERY].clone();
        let mut scratch = Vec::new();
        for step in &self.history[(n / SNAPSHOT_EVERY) * SNAPSHOT_EVERY..] {
            scratch.clear();
            // Every action in the history applied once from this very state.
            if self
                .rules
                .apply(&mut state, &step.action, &mut scratch)
                .is_err()
            {
                debug_assert!(false, "history no longer replays");
            }
        }
        self.state = state;
        self.rng = last.rng_before.generator();
        self.events.clear();
        Some(last.action)
    }

    /// One step of random play: at a chance node the generator rolls; a player chooses
    /// uniformly among its legal actions with the same generator. Returns the action applied,
    /// or `None` when the game is over. The same seed therefore gives the same game everywhere.
    pub fn step_random(&mut self) -> Result<Option<R::Action>, Illegal> {
        self.step_bot(&mut super::RandomBot)
    }

    /// One step with `bot` choosing for whichever player must act (chance is rolled by the
    /// game's generator; the bot draws its own randomness from the same generator).
    pub fn step_bot(&mut self, bot: &mut dyn super::Bot<R>) -> Result<Option<R::Action>, Illegal> {
        match self.rules.actor(&self.state) {
            Actor::Terminal(_) => Ok(None),
            Actor::Chance(_) => self.roll().map(Some),
            Actor::Player(_) => {
                let rng_before = self.rng_state();
                self.actions.clear();
                self.rules.legal_actions(&self.state, &mut self.actions);
                if self.actions.is_empty() {
                    return Err(contract("a player must act but has no legal action"));
                }
                let rng = &mut self.rng;
                let mut random = |n: u64| uniform_below(rng, n.max(1));
                let i = bot.choose(&self.rules, &self.state, &self.actions, &mut random);
                let Some(action) = self.actions.get(i).cloned() else {
                    self.rng = rng_before.generator();
                    return Err(contract(alloc::format!(
                        "the {} bot chose action {i} of {}",
                        bot.name(),
                        self.actions.len()
                    )));
                };
                if let Err(e) = self.apply_recorded(&action, rng_before) {
                    self.rng = rng_before.generator();
                    return Err(e);
                }
                Ok(Some(action))
            }
        }
    }

    /// Plays on with [`step_random`](Self::step_random) until the game ends or `max_steps`
    /// actions were applied. Returns the outcome if the game ended.
    pub fn play_random(&mut self, max_steps: usize) -> Result<Option<Outcome>, Illegal> {
        for _ in 0..max_steps {
            if self.step_random()?.is_none() {
                break;
            }
        }
        Ok(self.outcome())
    }
}
