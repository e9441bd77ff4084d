//! [`AnyGame`]: one object-safe, JSON-in/JSON-out interface over a [`Game`] of any system.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::Error;
use super::strict::parse_strict;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, EventInfo, Game, GameSnapshot, Rules, Side, SystemInfo};

/// The version tag of a saved game's JSON.
pub const SAVE_FORMAT: &str = "grognard-game/1";

/// Parses `text` as JSON of type `T`, reporting the JSON path of the first problem.
pub fn parse_json<T: DeserializeOwned>(what: &str, text: &str) -> Result<T, Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value =
        serde_path_to_error::deserialize(&mut de).map_err(|e| typed_error(what, text, e))?;
    de.end().map_err(|e| Error::BadJson {
        what: what.into(),
        path: ".".into(),
        message: e.to_string(),
    })?;
    Ok(value)
}

/// The error of a typed parse of `text`, made plainer. serde_json reports any value that
/// cannot start an enum (an array or a number where an action is wanted) as a bare "expected
/// value", and nesting past its recursion limit as whatever the typed parse met first. So, only
/// when the typed parse has failed, `text` is parsed again as plain JSON: a syntax error (or
/// the recursion limit) is reported from that parse, and a well-formed value that is not of the
/// wanted shape names what was found there.
fn typed_error(what: &str, text: &str, e: serde_path_to_error::Error<serde_json::Error>) -> Error {
    if !e.inner().is_syntax() {
        return Error::bad_json(what, e);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(syntax) => {
            return Error::BadJson {
                what: what.into(),
                path: e.path().to_string(),
                message: syntax.to_string(),
            };
        }
    };
    let Some(found) = found_at(&value, e.path()) else {
        return Error::bad_json(what, e);
    };
    Error::BadJson {
        what: what.into(),
        path: e.path().to_string(),
        message: alloc::format!(
            "invalid type: {found}, expected one of its kinds: a name in quotes or an object \
             with one key, at line {} column {}",
            e.inner().line(),
            e.inner().column()
        ),
    }
}

/// What `value` holds at `path`, in words, for an error where one of an enum's kinds (a name
/// in quotes or an object with one key) was wanted.
fn found_at(value: &Value, path: &serde_path_to_error::Path) -> Option<String> {
    let mut at = Some(value);
    for segment in path.iter() {
        use serde_path_to_error::Segment;
        at = match (segment, at) {
            (Segment::Seq { index }, Some(v)) => v.get(index),
            (Segment::Map { key } | Segment::Enum { variant: key }, Some(v)) => v.get(key),
            _ => None,
        };
    }
    Some(match at? {
        Value::Null => "null".to_string(),
        Value::Bool(b) => alloc::format!("boolean `{b}`"),
        Value::Number(n) => alloc::format!("number `{n}`"),
        Value::String(s) => alloc::format!("string {s:?}"),
        Value::Array(_) => "an array".to_string(),
        // serde_json takes the first key as the kind and then finds more: name them all.
        Value::Object(m) if m.len() > 1 => {
            let keys: Vec<String> = m.keys().map(|k| alloc::format!("`{k}`")).collect();
            alloc::format!("an object with more than one key ({})", keys.join(", "))
        }
        Value::Object(_) => "an object".to_string(),
    })
}

/// Converts a JSON value to `T`, reporting the JSON path of the first problem.
pub fn from_value<T: DeserializeOwned>(what: &str, value: Value) -> Result<T, Error> {
    serde_path_to_error::deserialize(&value).map_err(|e| {
        // serde_json says only "expected map with a single key" of an enum given as an object
        // of several keys: name the keys.
        let several = e
            .inner()
            .to_string()
            .contains("expected map with a single key");
        match found_at(&value, e.path()).filter(|_| several) {
            Some(found) => Error::BadJson {
                what: what.into(),
                path: e.path().to_string(),
                message: alloc::format!(
                    "invalid value: {found}, expected one of its kinds: a name in quotes or an \
                     object with one key"
                ),
            },
            None => Error::bad_json(what, e),
        }
    })
}

/// Serialises a value that is known to be serialisable (core types with derived `Serialize`
/// and string map keys); a failure would be a bug in a type definition, reported as `null`.
pub(crate) fn to_value<T: Serialize + ?Sized>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Who acts, as [`AnyGame::actor_kind`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActorKind {
    /// A player, side 0 or 1.
    Player(u8),
    /// Dice are due (or a draw).
    Chance,
    /// The game is over.
    Terminal,
}

/// A game of any system behind JSON. Every method leaves the game unchanged when it returns an
/// error. Outputs are `serde_json::Value`s whose shapes are documented in docs/json.md.
pub trait AnyGame: Send {
    /// The system's facts.
    fn system(&self) -> &SystemInfo;
    /// The scenario id the game was created from.
    fn scenario(&self) -> &str;
    /// The seed of the chance generator.
    fn seed(&self) -> u64;
    /// Who acts, without building JSON (the fast path of callers that loop).
    fn actor_kind(&self) -> ActorKind;
    /// How many actions have been taken (chance outcomes included).
    fn history_len(&self) -> usize;
    /// Who acts: `{"player": 0}`, `{"chance": {"dice": "1d6"}}`, `{"terminal": {...}}`.
    fn actor(&self) -> Value;
    /// The legal actions of the actor, in their stable order.
    fn legal_actions(&mut self) -> Value;
    /// How many legal actions there are (the index fast path).
    fn action_count(&mut self) -> usize;
    /// At a chance node, `[{"action": .., "prob": {"num": .., "den": ..}}]`; empty otherwise.
    fn chance_outcomes(&mut self) -> Value;
    /// At a chance node, what the roll resolves and what each outcome would do:
    /// `{"rule", "title", "facts": [{"name", "value"}], "outcomes": [{"action", "prob",
    /// "events": [{"rule", "text"}]}]}`; `null` when no dice are due. Nothing is applied.
    fn preview(&mut self) -> Value;
    /// Applies an action given as JSON text; returns the events.
    fn apply_json(&mut self, action: &str) -> Result<Value, Error>;
    /// Applies an action given as a JSON value; returns the events.
    fn apply_value(&mut self, action: Value) -> Result<Value, Error>;
    /// Applies the `index`-th legal action; returns the events.
    fn apply_index(&mut self, index: usize) -> Result<Value, Error>;
    /// Rolls the dice (or draws) with the game's generator: `{"action": .., "events": [..]}`.
    fn roll(&mut self) -> Result<Value, Error>;
    /// [`apply_index`](Self::apply_index) without building the events' JSON: the fast path of
    /// search and simulation loops (the events stay readable through the typed game).
    fn step_index(&mut self, index: usize) -> Result<(), Error>;
    /// [`roll`](Self::roll) without building the action's and events' JSON.
    fn step_roll(&mut self) -> Result<(), Error>;
    /// Applies dice a caller rolled: the value read from the dice (1..6, 2..12, 11..66, 0..99).
    fn roll_value(&mut self, value: u32) -> Result<Value, Error>;
    /// Rolls the dice with a generator seeded by `seed` (the game's own is left alone):
    /// `{"action": .., "events": [..]}`.
    fn roll_seeded(&mut self, seed: u64) -> Result<Value, Error>;
    /// Takes back the last action; returns it, or `None` at the start.
    fn undo(&mut self) -> Option<Value>;
    /// The full state.
    fn state(&self) -> Value;
    /// The state as side 0 or 1 may see it.
    fn observation(&self, side: u32) -> Result<Value, Error>;
    /// Every hex `unit` could end in this phase: `[{"hex": "1809", "cost": 2, "path": [..]}]`.
    fn reachable(&self, unit: &str) -> Result<Value, Error>;
    /// The step actions moving `unit` along its cheapest path to the hex labelled `to`.
    fn path_actions(&self, unit: &str, to: &str) -> Result<Value, Error>;
    /// Every action so far: `[{"action": .., "rng_before": ..}]`.
    fn history(&self) -> Value;
    /// The stable 64-bit hash of the state.
    fn state_hash(&self) -> u64;
    /// The outcome once the game is over.
    fn outcome(&self) -> Option<Value>;
    /// One step of random play with the game's generator (a roll at a chance node, a uniform
    /// choice for a player): `{"actor": .., "action": .., "events": [..]}`, or `null` at the end.
    fn step_random(&mut self) -> Result<Value, Error>;
    /// One step with the named bot (`random`, or a system's own such as pg's `greedy`)
    /// choosing for the player to act: `{"actor", "action", "events"}`, or `null` at the end.
    fn step_bot(&mut self, bot: &str) -> Result<Value, Error>;
    /// Plays random legal actions (and rolls) until the end or `max_steps`; returns
    /// `{"steps": n, "outcome": ..|null}`.
    fn play_random(&mut self, max_steps: usize) -> Result<Value, Error>;
    /// Plays to the end (or `max_steps`) with the bot named `bots[0]` choosing for side 0 and
    /// `bots[1]` for side 1, the game's generator rolling the dice; returns
    /// `{"steps": n, "outcome": ..|null, "hash": "<16 hex digits>"}`.
    fn play_bots(&mut self, bots: [&str; 2], max_steps: usize) -> Result<Value, Error>;
    /// The map and every counter for drawing (docs/json.md, "board"):
    /// `{"scheme", "map", "orientation": "flat", "hexes": [{"id", "q", "r", "x", "y",
    /// "terrain", "elevation"?}], "hexsides": [..], "pieces": [{"id", "name", "side", "kind",
    /// "ref", "hex", "status", ..}]}`, or `null` for a system without a map view.
    fn board(&self) -> Value;
    /// The board as side 0 or 1 may see it: [`AnyGame::board`] of that side's observation (a
    /// system with hidden information, hov, draws the other side's hidden counters as unknown
    /// stacks), or `null` for a system without a map view.
    fn observed_board(&self, side: u32) -> Result<Value, Error>;
    /// The game as saved-game JSON (`{"format": "grognard-game/1", ...}`).
    fn save(&self) -> Value;
    /// An independent copy.
    fn clone_game(&self) -> Box<dyn AnyGame>;
    /// A new game of the same rules and scenario from its initial state, seeded with `seed`:
    /// what `any::Engine::new_game` gives, without resolving the
    /// scenario and building its rules again.
    fn fresh(&self, seed: u64) -> Box<dyn AnyGame>;
}

/// A [`Game`] together with the scenario it came from: the generic [`AnyGame`].
pub struct Adapter<R: Rules> {
    game: Game<R>,
    /// The legal actions as [`AnyGame::action_count`] last listed them, valid while `listed_ok`
    /// holds: until the game changes (every change goes through [`Adapter::game_mut`]), so that
    /// the count-then-apply loop of the index fast path lists each position once. The buffer is
    /// reused from one listing to the next.
    listed: Vec<R::Action>,
    listed_ok: bool,
    scenario: String,
    /// The scenario's JSON when it is not a built-in one, so a saved game can be reloaded.
    scenario_json: Option<String>,
}

impl<R: Rules> Adapter<R> {
    /// Wraps a game started from `scenario`.
    pub fn new(game: Game<R>, scenario: impl Into<String>, scenario_json: Option<String>) -> Self {
        Adapter {
            game,
            listed: Vec::new(),
            listed_ok: false,
            scenario: scenario.into(),
            scenario_json,
        }
    }

    /// The typed game inside.
    pub fn game(&self) -> &Game<R> {
        &self.game
    }

    /// The game, for a change: the cached listing no longer holds.
    fn game_mut(&mut self) -> &mut Game<R> {
        self.listed_ok = false;
        &mut self.game
    }

    /// The `index`-th legal action, from the cached listing when there is one.
    fn indexed(&mut self, index: usize) -> Result<R::Action, Error> {
        let actions: &[R::Action] = if self.listed_ok {
            &self.listed
        } else {
            self.game.legal_actions()
        };
        let count = actions.len();
        actions
            .get(index)
            .cloned()
            .ok_or(Error::IndexOutOfRange { index, count })
    }

    /// Restores a game saved by [`AnyGame::save`] (the part under `"game"`), replaying its history.
    pub fn restore(
        rules: R,
        scenario: impl Into<String>,
        scenario_json: Option<String>,
        saved: Value,
    ) -> Result<Self, Error> {
        // The whole record is read strictly: its own types, the actions of its history and
        // the states (`start`, `state`) refuse a field they do not have, named with its path
        // inside the save's `game` part.
        let snapshot: GameSnapshot<R> = parse_strict("saved game", "game", &saved)?;
        let game = Game::restore(rules, snapshot)?;
        Ok(Adapter::new(game, scenario, scenario_json))
    }

    /// The bot named `name` (`random`, or one of the system's own), or a `bad_json` error.
    fn bot(&self, name: &str) -> Result<alloc::boxed::Box<dyn crate::engine::Bot<R>>, Error>
    where
        R: 'static,
    {
        crate::engine::bot_named(self.game.rules(), name).ok_or_else(|| Error::BadJson {
            what: "bot".into(),
            path: ".".into(),
            message: alloc::format!(
                "no bot named {name:?} for {} (try \"random\")",
                self.game.rules().info().id
            ),
        })
    }

    fn events(&self) -> Value {
        Value::Array(
            self.game
                .last_events()
                .iter()
                .map(|e| {
                    let mut v = json!({"rule": e.rule(), "text": self.game.rules().describe_event(e), "event": to_value(e)});
                    // An event one side may not see (hov's secret displays, nbs's orders) names
                    // the sides that may: a front end showing one side's view leaves it out.
                    let seen: Vec<u8> = [Side(0), Side(1)]
                        .into_iter()
                        .filter(|&side| e.visible_to(side))
                        .map(|side| side.0)
                        .collect();
                    if seen.len() < 2 {
                        v["visible_to"] = json!(seen);
                    }
                    v
                })
                .collect(),
        )
    }

    fn apply_typed(&mut self, action: &R::Action) -> Result<Value, Error> {
        self.game_mut().step(action)?;
        Ok(self.events())
    }
}

/// The JSON shape of an actor (see [`AnyGame::actor`]).
pub fn actor_json(actor: &Actor, info: &SystemInfo) -> Value {
    match actor {
        Actor::Player(side) => json!({"player": side.0, "name": info.sides[side.index()]}),
        Actor::Chance(Chance::Dice(spec)) => json!({"chance": {"dice": spec.name()}}),
        Actor::Chance(Chance::Draw) => json!({"chance": "draw"}),
        Actor::Terminal(outcome) => json!({"terminal": to_value(outcome)}),
    }
}

impl<R> AnyGame for Adapter<R>
where
    R: Rules + Clone + Send + 'static,
    R::State: Send,
    R::Action: Send,
    R::Event: Send,
{
    fn system(&self) -> &SystemInfo {
        self.game.rules().info()
    }

    fn scenario(&self) -> &str {
        &self.scenario
    }

    fn seed(&self) -> u64 {
        self.game.seed()
    }

    fn actor_kind(&self) -> ActorKind {
        match self.game.actor() {
            Actor::Player(side) => ActorKind::Player(side.0),
            Actor::Chance(_) => ActorKind::Chance,
            Actor::Terminal(_) => ActorKind::Terminal,
        }
    }

    fn history_len(&self) -> usize {
        self.game.history().len()
    }

    fn actor(&self) -> Value {
        let mut actor = actor_json(&self.game.actor(), self.game.rules().info());
        let prompt = self.game.rules().prompt(self.game.state());
        if let Value::Object(map) = &mut actor {
            if !prompt.text.is_empty() {
                map.insert("prompt".into(), to_value(&prompt));
            }
        }
        actor
    }

    fn legal_actions(&mut self) -> Value {
        to_value(self.game.legal_actions())
    }

    fn action_count(&mut self) -> usize {
        if !self.listed_ok {
            self.listed.clear();
            self.listed.extend_from_slice(self.game.legal_actions());
            self.listed_ok = true;
        }
        self.listed.len()
    }

    fn chance_outcomes(&mut self) -> Value {
        Value::Array(
            self.game
                .chance_outcomes()
                .iter()
                .map(|(a, p)| json!({"action": to_value(a), "prob": to_value(p)}))
                .collect(),
        )
    }

    fn preview(&mut self) -> Value {
        if !matches!(self.game.actor(), Actor::Chance(_)) {
            return Value::Null;
        }
        let outcomes = self.game.chance_outcomes().to_vec();
        let rules = self.game.rules();
        let state = self.game.state();
        let described = rules.preview(state).unwrap_or_default();
        let outcomes: Vec<Value> = outcomes
            .iter()
            .map(|(action, prob)| {
                let events = match rules.applied(state, action) {
                    Ok((_, events)) => events
                        .iter()
                        .map(|e| json!({"rule": e.rule(), "text": rules.describe_event(e)}))
                        .collect(),
                    Err(_) => Vec::new(),
                };
                json!({"action": to_value(action), "prob": to_value(prob), "events": events})
            })
            .collect();
        json!({
            "rule": described.rule,
            "title": described.title,
            "facts": to_value(&described.facts),
            "outcomes": outcomes,
        })
    }

    fn apply_json(&mut self, action: &str) -> Result<Value, Error> {
        let action: R::Action = parse_json("action", action)?;
        self.apply_typed(&action)
    }

    fn apply_value(&mut self, action: Value) -> Result<Value, Error> {
        let action: R::Action = from_value("action", action)?;
        self.apply_typed(&action)
    }

    fn apply_index(&mut self, index: usize) -> Result<Value, Error> {
        let action = self.indexed(index)?;
        self.apply_typed(&action)
    }

    fn step_index(&mut self, index: usize) -> Result<(), Error> {
        let action = self.indexed(index)?;
        self.game_mut().step(&action)?;
        Ok(())
    }

    fn step_roll(&mut self) -> Result<(), Error> {
        self.game_mut().roll()?;
        Ok(())
    }

    fn roll(&mut self) -> Result<Value, Error> {
        let action = self.game_mut().roll()?;
        Ok(json!({"action": to_value(&action), "events": self.events()}))
    }

    fn roll_seeded(&mut self, seed: u64) -> Result<Value, Error> {
        let action = self.game_mut().roll_seeded(seed)?;
        Ok(json!({"action": to_value(&action), "events": self.events()}))
    }

    fn roll_value(&mut self, value: u32) -> Result<Value, Error> {
        let spec: DiceSpec = match self.game.actor() {
            Actor::Chance(Chance::Dice(spec)) => spec,
            _ => {
                return Err(Error::Illegal {
                    rule: "engine".into(),
                    reason: "no dice are being rolled now".into(),
                });
            }
        };
        let roll = spec.roll(value).map_err(|e| Error::Illegal {
            rule: "engine".into(),
            reason: e.to_string(),
        })?;
        self.game_mut().roll_value(roll)?;
        Ok(self.events())
    }

    fn undo(&mut self) -> Option<Value> {
        self.game_mut().undo().map(|a| to_value(&a))
    }

    fn state(&self) -> Value {
        to_value(self.game.state())
    }

    fn observation(&self, side: u32) -> Result<Value, Error> {
        let side = match side {
            0 | 1 => Side(side as u8),
            _ => return Err(Error::BadSide { side }),
        };
        Ok(to_value(
            &self.game.rules().observation(self.game.state(), side),
        ))
    }

    fn reachable(&self, unit: &str) -> Result<Value, Error> {
        let rules = self.game.rules();
        let reached = rules.reachable(self.game.state(), unit)?;
        Ok(Value::Array(
            reached
                .iter()
                .map(|r| {
                    let mut entry = json!({
                        "hex": rules.hex_label(r.hex),
                        "cost": r.cost,
                        "path": r.path.iter().map(|h| rules.hex_label(*h)).collect::<Vec<_>>(),
                    });
                    if let Some(facing) = r.facing {
                        entry["facing"] = facing.into();
                    }
                    if !r.also.is_empty() {
                        entry["also"] = r
                            .also
                            .iter()
                            .map(|h| rules.hex_label(*h))
                            .collect::<Vec<_>>()
                            .into();
                    }
                    entry
                })
                .collect(),
        ))
    }

    fn path_actions(&self, unit: &str, to: &str) -> Result<Value, Error> {
        let rules = self.game.rules();
        let hex = rules.parse_hex(to).ok_or_else(|| Error::Illegal {
            rule: "engine".into(),
            reason: alloc::format!("{to:?} is not a hex of this map"),
        })?;
        Ok(to_value(&rules.path_actions(
            self.game.state(),
            unit,
            hex,
        )?))
    }

    fn history(&self) -> Value {
        to_value(self.game.history())
    }

    fn state_hash(&self) -> u64 {
        self.game.state_hash()
    }

    fn outcome(&self) -> Option<Value> {
        self.game.outcome().map(|o| to_value(&o))
    }

    fn step_random(&mut self) -> Result<Value, Error> {
        let actor = self.actor();
        Ok(match self.game_mut().step_random()? {
            Some(action) => {
                json!({"actor": actor, "action": to_value(&action), "events": self.events()})
            }
            None => Value::Null,
        })
    }

    fn step_bot(&mut self, bot: &str) -> Result<Value, Error> {
        let mut b = self.bot(bot)?;
        let actor = self.actor();
        Ok(match self.game_mut().step_bot(b.as_mut())? {
            Some(action) => {
                json!({"actor": actor, "action": to_value(&action), "events": self.events()})
            }
            None => Value::Null,
        })
    }

    fn play_random(&mut self, max_steps: usize) -> Result<Value, Error> {
        let before = self.game.history().len();
        let outcome = self.game_mut().play_random(max_steps)?;
        Ok(json!({
            "steps": self.game.history().len() - before,
            "outcome": outcome.map(|o| to_value(&o)),
        }))
    }

    fn play_bots(&mut self, bots: [&str; 2], max_steps: usize) -> Result<Value, Error> {
        let mut chosen = [self.bot(bots[0])?, self.bot(bots[1])?];
        let before = self.game.history().len();
        for _ in 0..max_steps {
            let side = match self.game.actor() {
                Actor::Terminal(_) => break,
                Actor::Player(side) => side.index(),
                Actor::Chance(_) => 0,
            };
            self.game_mut().step_bot(chosen[side].as_mut())?;
        }
        Ok(json!({
            "steps": self.game.history().len() - before,
            "outcome": self.game.outcome().map(|o| to_value(&o)),
            "hash": alloc::format!("{:016x}", self.game.state_hash()),
        }))
    }

    fn board(&self) -> Value {
        self.game
            .rules()
            .board(self.game.state())
            .map_or(Value::Null, |b| to_value(&b))
    }

    fn observed_board(&self, side: u32) -> Result<Value, Error> {
        let side = match side {
            0 | 1 => Side(side as u8),
            _ => return Err(Error::BadSide { side }),
        };
        let rules = self.game.rules();
        Ok(rules
            .board(&rules.observation(self.game.state(), side))
            .map_or(Value::Null, |b| to_value(&b)))
    }

    fn save(&self) -> Value {
        json!({
            "format": SAVE_FORMAT,
            "system": self.system().id,
            "scenario": self.scenario,
            "scenario_json": self.scenario_json,
            "game": to_value(&self.game.snapshot()),
        })
    }

    fn fresh(&self, seed: u64) -> Box<dyn AnyGame> {
        Box::new(Adapter::new(
            Game::new(self.game.rules().clone(), seed),
            self.scenario.clone(),
            self.scenario_json.clone(),
        ))
    }

    fn clone_game(&self) -> Box<dyn AnyGame> {
        Box::new(Adapter {
            listed: Vec::new(),
            listed_ok: false,
            game: self.game.clone(),
            scenario: self.scenario.clone(),
            scenario_json: self.scenario_json.clone(),
        })
    }
}
