//! The WebAssembly package of grognard: a JS `Game` class over the JSON facade
//! (`grognard::any`, docs/json.md), built with wasm-bindgen for node and for browsers.
//!
//! Data crosses the boundary as JSON text: the facade already produces `serde_json` values, so
//! each result is serialised once and handed to the engine's own `JSON.parse`; inputs are JS
//! values that go through `JSON.stringify` (or are JSON text already) and then the facade's
//! parser, which reports the JSON path of any problem. The shapes are therefore exactly the
//! documented ones, numbers stay exact, and no second serde back end is linked into the wasm.
//!
//! Every error reaches JS as an `Error` named `GrognardError` with `code`, `rule` and `details`
//! properties. Inputs are checked here before they reach Rust types (a JS number is not
//! silently truncated to an index), so no call panics.
#![deny(unsafe_code)]

mod convert;

use std::sync::{OnceLock, PoisonError, RwLock, RwLockReadGuard};

use grognard::any::{AnyGame, Engine, Error};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use convert::{
    bad_input, count_arg, err, index_arg, json_arg, out, seed_arg, side_arg, text_arg, to_js,
};

/// The built-in data and systems, parsed once on first use; `addData` adds to it.
fn engine_lock() -> Result<&'static RwLock<Engine>, JsValue> {
    static ENGINE: OnceLock<Result<RwLock<Engine>, Error>> = OnceLock::new();
    ENGINE
        .get_or_init(|| Engine::builtin().map(RwLock::new))
        .as_ref()
        .map_err(|e| err(e.clone()))
}

/// The engine, for reading (each call holds it only while it runs).
fn engine() -> Result<RwLockReadGuard<'static, Engine>, JsValue> {
    Ok(engine_lock()?
        .read()
        .unwrap_or_else(PoisonError::into_inner))
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A seed: a non-negative safe integer, or a BigInt up to 2^64 - 1. */
export type Seed = number | bigint;
/** An action in the system's own JSON (pg: "end_move", {"move": {...}}, {"roll": {...}}). */
export type Action = string | { [kind: string]: unknown };
/** An exact probability in lowest terms. */
export interface Prob { num: number; den: number }
/** The end of a game. */
export interface Outcome { winner: 0 | 1 | null; level: string; points: [number, number]; rule: string }
/** What a caller is asked, with the rule that asks. */
export interface Prompt { rule: string; text: string }
/** Who acts now. */
export type Actor =
  | { player: 0 | 1; name: string; prompt?: Prompt }
  | { chance: { dice: string } | "draw"; prompt?: Prompt }
  | { terminal: Outcome; prompt?: Prompt };
/** One thing that happened, with the rule that made it happen. */
export interface GameEvent { rule: string; text: string; event: unknown; /** the sides that may see it, when not both */ visible_to?: (0 | 1)[] }
/** A possible chance result. */
export interface ChanceOutcome { action: Action; prob: Prob }
/** A roll made with a generator: the action it stands for and what happened. */
export interface Rolled { action: Action; events: GameEvent[] }
/** One step of a bot or of random play. */
export interface Stepped { actor: Actor; action: Action; events: GameEvent[] }
/** A hex a unit could end its move in. */
export interface Reached { hex: string; cost: number; path: string[]; facing?: number; also?: string[] }
/** One entry of a game's history. */
export interface HistoryEntry { action: Action; rng_before: { state: string; stream: string } }
/** What a pending roll resolves, before it is rolled. */
export interface Preview {
  rule: string;
  title: string;
  facts: { name: string; value: string }[];
  outcomes: { action: Action; prob: Prob; events: { rule: string; text: string }[] }[];
}
/** A system of the catalogue. */
export interface SystemEntry { id: string; name: string; sides: [string, string]; dice: string[]; implemented: boolean }
/** A scenario of the library; `provisional` lists the parts made up or not yet confirmed. */
export interface ScenarioEntry { id: string; system: string; name: string; implemented: boolean; provisional: string[] }
/** The result of playing on to the end (or a step limit). */
export interface Played { steps: number; outcome: Outcome | null }
/** One simulated game. */
export interface Simulated { /** a decimal string above 2^53 - 1 */ seed: number | string; steps: number; outcome: Outcome | null; hash: string }
/** A saved game (docs/json.md, "Saved game"). */
export interface SavedGame { format: "grognard-game/1"; system: string; scenario: string; scenario_json: string | null; game: { seed: number | string; [field: string]: unknown } }
/** A hex of the board, with its centre in units of the hex's circumradius. */
export interface BoardHex { id: string; q: number; r: number; x: number; y: number; terrain: string[]; elevation?: number; name?: string }
/** A hexside feature seen from `hex` in direction `dir` (0..5 = SE, NE, N, NW, SW, S). */
export interface BoardSide { hex: string; dir: number; feature: string; toward?: string }
/** A counter and where it is. */
export interface BoardPiece {
  id: string; name: string; side: 0 | 1; kind: string; ref: unknown; hex: string | null;
  status: string; order: number; steps?: number; max_steps?: number; factors?: string; marks: string[];
}
/** The map and the counters, for drawing. */
export interface Board { scheme: string; map: string; orientation: "flat"; hexes: BoardHex[]; hexsides: BoardSide[]; pieces: BoardPiece[] }
/** What every grognard call throws. */
export interface GrognardError extends Error {
  name: "GrognardError";
  /** "illegal", "bad_json", "unknown_scenario", "index_out_of_range", "bad_side", "bad_save", "bad_position", ... */
  code: string;
  /** The rule broken, for an illegal action ("7.5.1", or "engine"); otherwise null. */
  rule: string | null;
  /** The error as the facade serialises it: {"error": code, ...fields}. */
  details: { error: string; [field: string]: unknown };
}
"#;

/// A game of any system, behind the JSON facade.
#[wasm_bindgen]
pub struct Game {
    inner: Box<dyn AnyGame>,
}

#[wasm_bindgen]
impl Game {
    /// A new game of the built-in scenario `scenario` (for example `"pg/training"`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] scenario: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
    ) -> Result<Game, JsValue> {
        let scenario = text_arg("scenario", scenario)?;
        let seed = seed_arg(seed)?;
        let inner = engine()?.new_game(&scenario, seed).map_err(err)?;
        Ok(Game { inner })
    }

    /// A new game of the built-in scenario `scenario` with some of its options chosen: an
    /// object (or JSON text) of option id → boolean, as `scenarios()` lists them.
    #[wasm_bindgen(js_name = withOptions)]
    pub fn with_options(
        #[wasm_bindgen(unchecked_param_type = "string")] scenario: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, boolean> | string")]
        options: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
    ) -> Result<Game, JsValue> {
        let scenario = text_arg("scenario", scenario)?;
        let options = json_arg("options", options)?;
        let seed = seed_arg(seed)?;
        let inner = engine()?
            .new_game_with_options(&scenario, &options, seed)
            .map_err(err)?;
        Ok(Game { inner })
    }

    /// A new game of a scenario given as JSON (text or object); it may use built-in maps,
    /// counters and charts.
    #[wasm_bindgen(js_name = fromScenarioJson)]
    pub fn from_scenario_json(
        #[wasm_bindgen(unchecked_param_type = "string | object")] scenario: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
    ) -> Result<Game, JsValue> {
        let text = json_arg("scenario", scenario)?;
        let seed = seed_arg(seed)?;
        let inner = engine()?.new_game_from_json(&text, seed).map_err(err)?;
        Ok(Game { inner })
    }

    /// Reloads a game from what `save()` returned (object or JSON text).
    pub fn load(
        #[wasm_bindgen(unchecked_param_type = "SavedGame | string")] saved: &JsValue,
    ) -> Result<Game, JsValue> {
        let text = convert::seed_from_js(&json_arg("saved game", saved)?)?;
        let inner = engine()?.load_game(&text).map_err(err)?;
        Ok(Game { inner })
    }

    /// A game of `scenario` starting from `state`, a full state as `state()` returns it
    /// (object or JSON text), edited or set up by hand, with `seed` and an empty history
    /// (docs/json.md, "Positions"). An unknown field, a wrong type or a missing field throws
    /// `bad_json` naming its path; a position the scenario or the rules refuse throws
    /// `bad_position` with `path`, `rule` and `reason`.
    #[wasm_bindgen(js_name = fromState)]
    pub fn from_state(
        #[wasm_bindgen(unchecked_param_type = "string")] scenario: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "object | string")] state: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
    ) -> Result<Game, JsValue> {
        let scenario = text_arg("scenario", scenario)?;
        let state = json_arg("position", state)?;
        let seed = seed_arg(seed)?;
        let inner = engine()?
            .game_from_state(&scenario, &state, seed)
            .map_err(err)?;
        Ok(Game { inner })
    }

    /// A new game of `scenario` after applying `actions` in order (chance results included,
    /// as `history()` lists them; history entries themselves are accepted too).
    pub fn replay(
        #[wasm_bindgen(unchecked_param_type = "string")] scenario: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Action[] | HistoryEntry[] | string")]
        actions: &JsValue,
    ) -> Result<Game, JsValue> {
        let scenario = text_arg("scenario", scenario)?;
        let seed = seed_arg(seed)?;
        let actions = json_arg("action list", actions)?;
        let inner = engine()?.replay(&scenario, seed, &actions).map_err(err)?;
        Ok(Game { inner })
    }

    /// The system id (`"pg"`).
    #[wasm_bindgen(getter)]
    pub fn system(&self) -> String {
        self.inner.system().id.to_string()
    }

    /// The scenario id.
    #[wasm_bindgen(getter)]
    pub fn scenario(&self) -> String {
        self.inner.scenario().to_string()
    }

    /// The seed of the game's chance generator (a BigInt).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// Who acts now.
    #[wasm_bindgen(unchecked_return_type = "Actor")]
    pub fn actor(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.actor())
    }

    /// The legal actions of the actor, in their stable order.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Action[]")]
    pub fn legal_actions(&mut self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.legal_actions())
    }

    /// How many legal actions there are.
    #[wasm_bindgen(js_name = actionCount)]
    pub fn action_count(&mut self) -> u32 {
        u32::try_from(self.inner.action_count()).unwrap_or(u32::MAX)
    }

    /// Applies an action (an object, or its JSON text; a bare name such as `"end_move"` is
    /// taken as that string). Returns the events.
    #[wasm_bindgen(unchecked_return_type = "GameEvent[]")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action")] action: &JsValue,
    ) -> Result<JsValue, JsValue> {
        out(match convert::action_arg(action)? {
            convert::ActionArg::Text(text) => self.inner.apply_json(&text),
            convert::ActionArg::Value(value) => self.inner.apply_value(value),
        })
    }

    /// Applies the `index`-th legal action. Returns the events.
    #[wasm_bindgen(js_name = applyIndex, unchecked_return_type = "GameEvent[]")]
    pub fn apply_index(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let index = index_arg("index", index)?;
        out(self.inner.apply_index(index))
    }

    /// At a chance node, every result with its exact probability; empty otherwise.
    #[wasm_bindgen(js_name = chanceOutcomes, unchecked_return_type = "ChanceOutcome[]")]
    pub fn chance_outcomes(&mut self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.chance_outcomes())
    }

    /// At a chance node, what the roll resolves (a close combat's odds and DRMs) and what each
    /// result would do; `null` when no dice are due. Nothing is applied.
    #[wasm_bindgen(unchecked_return_type = "Preview | null")]
    pub fn preview(&mut self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.preview())
    }

    /// Rolls the dice with the game's own generator.
    #[wasm_bindgen(unchecked_return_type = "Rolled")]
    pub fn roll(&mut self) -> Result<JsValue, JsValue> {
        out(self.inner.roll())
    }

    /// Applies dice rolled elsewhere: the value read from them (1..6 for 1d6, 2..12 for 2d6,
    /// 11..66 for d66, 0..9 for d10, 0..99 for d100). Returns the events.
    #[wasm_bindgen(js_name = rollValue, unchecked_return_type = "GameEvent[]")]
    pub fn roll_value(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] value: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let value = index_arg("die value", value)?;
        let value = u32::try_from(value).map_err(|_| bad_input("die value", "too large"))?;
        out(self.inner.roll_value(value))
    }

    /// Rolls the dice with a generator seeded by `seed` (the game's own is left alone).
    #[wasm_bindgen(js_name = rollSeeded, unchecked_return_type = "Rolled")]
    pub fn roll_seeded(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let seed = seed_arg(seed)?;
        out(self.inner.roll_seeded(seed))
    }

    /// Takes back the last action and returns it, or `null` at the start.
    #[wasm_bindgen(unchecked_return_type = "Action | null")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.undo().unwrap_or(Value::Null))
    }

    /// The full state (the system's own shape).
    #[wasm_bindgen(unchecked_return_type = "Record<string, unknown>")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.state())
    }

    /// The state as side 0 or 1 may see it.
    #[wasm_bindgen(unchecked_return_type = "Record<string, unknown>")]
    pub fn observation(
        &self,
        #[wasm_bindgen(unchecked_param_type = "0 | 1")] side: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let side = side_arg(side)?;
        out(self.inner.observation(side))
    }

    /// Every hex the counter `unit` (its scenario id) could end its move in this phase.
    #[wasm_bindgen(unchecked_return_type = "Reached[]")]
    pub fn reachable(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] unit: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let unit = text_arg("unit", unit)?;
        out(self.inner.reachable(&unit))
    }

    /// The step actions that move `unit` to the hex labelled `to` along its cheapest path.
    #[wasm_bindgen(js_name = pathActions, unchecked_return_type = "Action[]")]
    pub fn path_actions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] unit: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] to: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let unit = text_arg("unit", unit)?;
        let to = text_arg("hex", to)?;
        out(self.inner.path_actions(&unit, &to))
    }

    /// Every action so far, with the generator state before it.
    #[wasm_bindgen(unchecked_return_type = "HistoryEntry[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.history())
    }

    /// The stable 64-bit state hash as 16 lowercase hex digits (the same in every binding).
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> String {
        format!("{:016x}", self.inner.state_hash())
    }

    /// The outcome once the game is over, else `null`.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.outcome().unwrap_or(Value::Null))
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// One step of random play (a roll at a chance node); `null` at the end.
    #[wasm_bindgen(js_name = stepRandom, unchecked_return_type = "Stepped | null")]
    pub fn step_random(&mut self) -> Result<JsValue, JsValue> {
        out(self.inner.step_random())
    }

    /// One step with the named bot (`"random"`, pg's `"greedy"`); `null` at the end.
    #[wasm_bindgen(js_name = stepBot, unchecked_return_type = "Stepped | null")]
    pub fn step_bot(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] bot: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let bot = text_arg("bot", bot)?;
        out(self.inner.step_bot(&bot))
    }

    /// Plays random actions until the end or `maxSteps`.
    #[wasm_bindgen(js_name = playRandom, unchecked_return_type = "Played")]
    pub fn play_random(
        &mut self,
        #[wasm_bindgen(js_name = maxSteps, unchecked_param_type = "number")] max_steps: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let max = count_arg("maxSteps", max_steps)?;
        out(self.inner.play_random(max))
    }

    /// Plays with bot `bot0` choosing for side 0 and `bot1` for side 1 until the end or
    /// `maxSteps`.
    #[wasm_bindgen(js_name = playBots, unchecked_return_type = "Played & { hash: string }")]
    pub fn play_bots(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] bot0: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] bot1: &JsValue,
        #[wasm_bindgen(js_name = maxSteps, unchecked_param_type = "number")] max_steps: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let (b0, b1) = (text_arg("bot0", bot0)?, text_arg("bot1", bot1)?);
        let max = count_arg("maxSteps", max_steps)?;
        out(self.inner.play_bots([&b0, &b1], max))
    }

    /// The map and every counter, for drawing (`null` for a system without a map view).
    #[wasm_bindgen(unchecked_return_type = "Board | null")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.board())
    }

    /// The board as side 0 or 1 may see it (from that side's observation: hov draws the
    /// other side's hidden counters as unknown stacks); `null` for a system without a map view.
    #[wasm_bindgen(js_name = observedBoard, unchecked_return_type = "Board | null")]
    pub fn observed_board(
        &self,
        #[wasm_bindgen(unchecked_param_type = "0 | 1")] side: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let side = side_arg(side)?;
        out(self.inner.observed_board(side))
    }

    /// The game as a saved-game object (`Game.load` takes it back).
    #[wasm_bindgen(unchecked_return_type = "SavedGame")]
    pub fn save(&self) -> Result<JsValue, JsValue> {
        let mut saved = self.inner.save();
        if let Some(seed) = saved.get_mut("game").and_then(|g| g.get_mut("seed")) {
            convert::seed_to_js(seed);
        }
        to_js(&saved)
    }

    /// An independent copy (free it too).
    #[allow(clippy::should_implement_trait)]
    pub fn clone(&self) -> Game {
        Game {
            inner: self.inner.clone_game(),
        }
    }
}

/// Every system of the catalogue, implemented in this build or not.
#[wasm_bindgen(unchecked_return_type = "SystemEntry[]")]
pub fn systems() -> Result<JsValue, JsValue> {
    to_js(&engine()?.systems())
}

/// Adds a component-data file (terrain, counters, chart, map or scenario in the `grognard/1`
/// format, docs/data-format.md; text or object) to the library every later call uses, replacing
/// the part with the same kind and id. Returns `{"id", "kind"}`; on error the library is
/// unchanged. `fileName` names the file in error messages.
#[wasm_bindgen(js_name = addData, unchecked_return_type = "{ id: string; kind: string }")]
pub fn add_data(
    #[wasm_bindgen(js_name = fileName, unchecked_param_type = "string")] file_name: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | object")] data: &JsValue,
) -> Result<JsValue, JsValue> {
    let name = text_arg("file name", file_name)?;
    let text = json_arg("data", data)?;
    let mut engine = engine_lock()?
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    out(engine.add_data(&name, &text))
}

/// Every scenario of the library (built-in or added), with its provisional parts.
#[wasm_bindgen(unchecked_return_type = "ScenarioEntry[]")]
pub fn scenarios() -> Result<JsValue, JsValue> {
    to_js(&engine()?.scenarios())
}

/// The version of grognard.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Plays `games` games of `scenario` with seeds `seed`, `seed + 1`, ..., `bot0` choosing for
/// side 0 and `bot1` for side 1, each for at most `maxSteps` steps.
#[wasm_bindgen(unchecked_return_type = "Simulated[]")]
pub fn simulate(
    #[wasm_bindgen(unchecked_param_type = "string")] scenario: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] games: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Seed")] seed: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] bot0: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] bot1: &JsValue,
    #[wasm_bindgen(js_name = maxSteps, unchecked_param_type = "number")] max_steps: &JsValue,
) -> Result<JsValue, JsValue> {
    let scenario = text_arg("scenario", scenario)?;
    let games = count_arg("games", games)?;
    let seed = seed_arg(seed)?;
    let (b0, b1) = (text_arg("bot0", bot0)?, text_arg("bot1", bot1)?);
    let max = count_arg("maxSteps", max_steps)?;
    let results = engine()?
        .simulate(&scenario, games as u64, seed, [&b0, &b1], max)
        .map_err(err)?;
    let mut results = Value::Array(results);
    for seed in results
        .as_array_mut()
        .into_iter()
        .flatten()
        .filter_map(|r| r.get_mut("seed"))
    {
        convert::seed_to_js(seed);
    }
    to_js(&results)
}
