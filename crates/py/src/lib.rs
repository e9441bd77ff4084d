//! Python bindings of grognard: the native module `grognard._grognard`, re-exported by the
//! pure-Python package `grognard` (crates/py/python). It wraps the JSON facade
//! (`grognard::any`, docs/json.md) and nothing else: data crosses as plain dicts, lists, `str`
//! and `int`, errors as the exceptions of `grognard/_errors.py`.
//!
//! One process-wide [`Engine`] (the built-in data, plus whatever `add_data` adds) serves every
//! call. Long calls (replaying a save or an action list, playing games out, `simulate`) run
//! with the interpreter detached so other Python threads go on meanwhile.

#![forbid(unsafe_code)]

mod convert;
mod errors;

use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError, RwLock, RwLockReadGuard};

use grognard::any::{AnyGame, Engine, Error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use serde_json::{Value, json};

use convert::{from_py, to_py};
use errors::{OrRaise, raise_with};

/// The version of this module (the workspace version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

static ENGINE: OnceLock<Result<RwLock<Engine>, Error>> = OnceLock::new();

fn engine_lock() -> Result<&'static RwLock<Engine>, Error> {
    ENGINE
        .get_or_init(|| Engine::builtin().map(RwLock::new))
        .as_ref()
        .map_err(Clone::clone)
}

/// The shared engine, for reading. A panic elsewhere cannot leave the engine half-changed
/// (`add_data` replaces a part whole), so a poisoned lock is simply taken over.
fn engine() -> Result<RwLockReadGuard<'static, Engine>, Error> {
    Ok(engine_lock()?
        .read()
        .unwrap_or_else(PoisonError::into_inner))
}

fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// A JSON document given either as text or as Python data (which is serialised first).
fn text_or_data(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(s.to_str()?.to_owned()),
        Err(_) => Ok(json_text(&from_py(obj)?)),
    }
}

/// An action as the caller gave it: JSON text, or a value.
enum ActionArg {
    Text(String),
    Value(Value),
}

/// A `str` that starts like a JSON document (`{`, `[` or `"`) is JSON text; any other `str` is
/// the bare name of an action such as `end_move`; anything else is Python data.
fn action_arg(obj: &Bound<'_, PyAny>) -> PyResult<ActionArg> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_str()?;
        return Ok(match s.trim_start().chars().next() {
            Some('{' | '[' | '"') => ActionArg::Text(s.to_owned()),
            _ => ActionArg::Value(Value::String(s.to_owned())),
        });
    }
    Ok(ActionArg::Value(from_py(obj)?))
}

/// The two bot names of `play_bots` and `simulate`.
fn two_bots(bots: Vec<String>) -> PyResult<[String; 2]> {
    <[String; 2]>::try_from(bots).map_err(|b| {
        PyValueError::new_err(format!(
            "bots names one bot per side: 2 names, not {}",
            b.len()
        ))
    })
}

/// A game of any system. Every method that raises leaves the game as it was.
///
/// The game sits behind a mutex: Python threads may share a `Game`, and the long calls run
/// detached from the interpreter, so the lock (not the GIL) is what keeps calls apart.
#[pyclass(frozen, module = "grognard", name = "Game")]
pub struct Game {
    inner: Mutex<Box<dyn AnyGame>>,
}

impl Game {
    fn wrap(game: Box<dyn AnyGame>) -> Self {
        Game {
            inner: Mutex::new(game),
        }
    }

    /// The game. Facade calls either complete or leave the game unchanged, so a lock poisoned
    /// by a panic still guards a whole game.
    fn game(&self) -> MutexGuard<'_, Box<dyn AnyGame>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `f` on the game with the interpreter detached; the lock is released before the
    /// interpreter is attached again.
    fn detached<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut dyn AnyGame) -> T + Send) -> T {
        py.detach(|| f(self.game().as_mut()))
    }

    fn save_value(&self) -> Value {
        self.game().save()
    }
}

/// `{"action": .., "events": ..}` for a chance outcome given as a die value: the facade gives
/// the events, the history the action.
fn rolled(game: &mut dyn AnyGame, value: u32) -> Result<Value, Error> {
    let events = game.roll_value(value)?;
    let action = game
        .history()
        .as_array()
        .and_then(|h| h.last())
        .map(|h| h["action"].clone())
        .unwrap_or(Value::Null);
    Ok(json!({"action": action, "events": events}))
}

#[pymethods]
impl Game {
    /// A new game of the built-in scenario `scenario` (see `grognard.scenarios()`);
    /// `options`, a dict (or JSON text) of option id → bool, chooses some of the scenario's
    /// options (each scenario lists its own under `options`).
    #[new]
    #[pyo3(signature = (scenario, seed = 0, options = None))]
    fn new(
        py: Python<'_>,
        scenario: &str,
        seed: u64,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let game = match options {
            None => engine().and_then(|e| e.new_game(scenario, seed)),
            Some(o) => {
                let text = text_or_data(o)?;
                engine().and_then(|e| e.new_game_with_options(scenario, &text, seed))
            }
        }
        .or_raise(py)?;
        Ok(Game::wrap(game))
    }

    /// A new game of a scenario given as its JSON (text or dict); it may refer to built-in
    /// maps, counters and charts, and to data added with `grognard.add_data`.
    #[classmethod]
    #[pyo3(signature = (scenario_json, seed = 0))]
    fn from_scenario_json(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        scenario_json: &Bound<'_, PyAny>,
        seed: u64,
    ) -> PyResult<Self> {
        let text = text_or_data(scenario_json)?;
        let game = py
            .detach(|| engine().and_then(|e| e.new_game_from_json(&text, seed)))
            .or_raise(py)?;
        Ok(Game::wrap(game))
    }

    /// A game saved with `to_json()` or `save()` (text or dict): its history is replayed and
    /// checked against the saved state.
    #[classmethod]
    fn from_json(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        saved: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let text = text_or_data(saved)?;
        let game = py
            .detach(|| engine().and_then(|e| e.load_game(&text)))
            .or_raise(py)?;
        Ok(Game::wrap(game))
    }

    /// A game of the built-in scenario `scenario` starting from `state`, a full state as
    /// `state()` gives it (dict or JSON text), edited or set up by hand, with `seed` and an
    /// empty history (docs/json.md, "Positions"). Raises `BadJson` naming the path of an
    /// unknown field, a wrong type or a missing one, and `BadPosition` naming the field and
    /// the rule when the scenario or the rules refuse the position.
    #[classmethod]
    #[pyo3(signature = (scenario, state, seed = 0))]
    fn from_state(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        scenario: &str,
        state: &Bound<'_, PyAny>,
        seed: u64,
    ) -> PyResult<Self> {
        let text = text_or_data(state)?;
        let game = py
            .detach(|| engine().and_then(|e| e.game_from_state(scenario, &text, seed)))
            .or_raise(py)?;
        Ok(Game::wrap(game))
    }

    /// A new game of `scenario` with `seed` after `actions` (a list of actions, chance outcomes
    /// included, as `history()` lists them or as bare actions; or the list's JSON text).
    #[classmethod]
    fn replay(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        scenario: &str,
        seed: u64,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let text = text_or_data(actions)?;
        let game = py
            .detach(|| engine().and_then(|e| e.replay(scenario, seed, &text)))
            .or_raise(py)?;
        Ok(Game::wrap(game))
    }

    /// The saved-game JSON as a dict.
    fn save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.save_value())
    }

    /// The saved-game JSON as text (`Game.from_json` reads it back).
    fn to_json(&self) -> String {
        json_text(&self.save_value())
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let load = py.get_type::<Game>().getattr("from_json")?;
        Ok((load, (slf.get().to_json(),)))
    }

    /// The system id, e.g. `"pg"`.
    #[getter]
    fn system(&self) -> String {
        self.game().system().id.to_string()
    }

    /// The scenario id, e.g. `"pg/rossbach"`.
    #[getter]
    fn scenario(&self) -> String {
        self.game().scenario().to_string()
    }

    /// The seed of the game's chance generator.
    #[getter]
    fn seed(&self) -> u64 {
        self.game().seed()
    }

    /// Who acts: `{"player": 0, "name": .., "prompt": ..}`, `{"chance": ..}` or
    /// `{"terminal": outcome}`.
    #[getter]
    fn actor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let actor = self.game().actor();
        to_py(py, &actor)
    }

    /// Whether the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.game().outcome().is_some()
    }

    /// Whether the dice (or a draw) decide next: then `roll`/`step_roll`, not an action.
    #[getter]
    fn is_chance(&self) -> bool {
        matches!(self.game().actor_kind(), grognard::any::ActorKind::Chance)
    }

    /// The outcome once the game is over, else `None`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let outcome = self.game().outcome().unwrap_or(Value::Null);
        to_py(py, &outcome)
    }

    /// The legal actions of the actor, in their stable order.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let actions = self.game().legal_actions();
        to_py(py, &actions)
    }

    /// How many legal actions there are.
    fn action_count(&self) -> usize {
        self.game().action_count()
    }

    /// Applies an action (a dict, a bare action name such as `"end_move"`, or JSON text) and
    /// returns its events.
    fn apply<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let action = action_arg(action)?;
        let events = match action {
            ActionArg::Text(text) => self.game().apply_json(&text),
            ActionArg::Value(value) => self.game().apply_value(value),
        }
        .or_raise(py)?;
        to_py(py, &events)
    }

    /// Applies the `index`-th legal action and returns its events.
    fn apply_index<'py>(&self, py: Python<'py>, index: i64) -> PyResult<Bound<'py, PyAny>> {
        let mut game = self.game();
        let Ok(i) = usize::try_from(index) else {
            let count = game.action_count();
            drop(game);
            return Err(raise_with(
                py,
                "index_out_of_range",
                format!("action index {index} is out of range: there are {count} legal actions"),
                &json!({"error": "index_out_of_range", "index": index, "count": count}),
            ));
        };
        let events = game.apply_index(i);
        drop(game);
        to_py(py, &events.or_raise(py)?)
    }

    /// `apply_index` without converting the events to Python: the fast path of search loops
    /// (`action_count`, then `step_index`, lists each position once). Returns `None`.
    fn step_index(&self, py: Python<'_>, index: i64) -> PyResult<()> {
        let Ok(i) = usize::try_from(index) else {
            return self.apply_index(py, index).map(|_| ());
        };
        let result = self.game().step_index(i);
        result.or_raise(py)
    }

    /// `roll()` with the game's generator, without converting the result to Python.
    fn step_roll(&self, py: Python<'_>) -> PyResult<()> {
        let result = self.game().step_roll();
        result.or_raise(py)
    }

    /// At a chance node, `[{"action": .., "prob": {"num": .., "den": ..}}]`; else `[]`.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let outcomes = self.game().chance_outcomes();
        to_py(py, &outcomes)
    }

    /// At a chance node, what the roll resolves and what each outcome would do:
    /// `{"rule", "title", "facts", "outcomes": [{"action", "prob", "events"}]}`; `None` when
    /// no dice are due. Nothing is applied.
    fn preview<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let preview = self.game().preview();
        to_py(py, &preview)
    }

    /// What a front end needs to draw the game: the map's hexes (printed id, axial and pixel
    /// position, terrain), hexside features and every counter with where it stands; `None` for
    /// a system without a board view.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = self.game().board();
        to_py(py, &board)
    }

    /// Rolls the dice (or draws) at a chance node: with the game's own generator, with a
    /// generator seeded by `seed`, or taking `value` as the dice read (1..6 for 1d6, ...).
    /// Returns `{"action": .., "events": [..]}`.
    #[pyo3(signature = (seed = None, value = None))]
    fn roll<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
        value: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let result = match (seed, value) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "roll takes a seed or a value, not both",
                ));
            }
            (Some(seed), None) => self.game().roll_seeded(seed),
            (None, Some(value)) => match u32::try_from(value) {
                Ok(v) => rolled(self.game().as_mut(), v),
                Err(_) => Err(Error::Illegal {
                    rule: "engine".into(),
                    reason: format!("{value} is not a value dice can show"),
                }),
            },
            (None, None) => self.game().roll(),
        };
        to_py(py, &result.or_raise(py)?)
    }

    /// The full state.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.game().state();
        to_py(py, &state)
    }

    /// The state as side 0 or 1 may see it.
    fn observation<'py>(&self, py: Python<'py>, side: i64) -> PyResult<Bound<'py, PyAny>> {
        let result = match u32::try_from(side) {
            Ok(s) => self.game().observation(s),
            Err(_) => {
                return Err(raise_with(
                    py,
                    "bad_side",
                    format!("side {side} does not exist: sides are 0 and 1"),
                    &json!({"error": "bad_side", "side": side}),
                ));
            }
        };
        to_py(py, &result.or_raise(py)?)
    }

    /// Every hex `unit` could end in this phase: `[{"hex", "cost", "path", ..}]`.
    fn reachable<'py>(&self, py: Python<'py>, unit: &str) -> PyResult<Bound<'py, PyAny>> {
        let result = self.game().reachable(unit);
        to_py(py, &result.or_raise(py)?)
    }

    /// The step actions that move `unit` along its cheapest path to the hex labelled `to`.
    fn path_actions<'py>(
        &self,
        py: Python<'py>,
        unit: &str,
        to: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let result = self.game().path_actions(unit, to);
        to_py(py, &result.or_raise(py)?)
    }

    /// Every action so far: `[{"action": .., "rng_before": ..}]`.
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let history = self.game().history();
        to_py(py, &history)
    }

    /// Takes back the last action and returns it; `None` at the start.
    fn undo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let action = self.game().undo().unwrap_or(Value::Null);
        to_py(py, &action)
    }

    /// The stable 64-bit hash of the state (the same in every language and on every platform).
    fn state_hash(&self) -> u64 {
        self.game().state_hash()
    }

    /// `state_hash()` as 16 lowercase hex digits.
    fn state_hash_hex(&self) -> String {
        format!("{:016x}", self.game().state_hash())
    }

    /// An independent copy.
    fn clone(&self) -> Self {
        Game::wrap(self.game().clone_game())
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// One step of random play with the game's generator:
    /// `{"actor", "action", "events"}`, or `None` once the game is over.
    fn step_random<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let result = self.game().step_random();
        to_py(py, &result.or_raise(py)?)
    }

    /// One step with the named bot choosing (`"random"`, or a system's own such as pg's
    /// `"greedy"`): `{"actor", "action", "events"}`, or `None` once the game is over.
    fn step_bot<'py>(&self, py: Python<'py>, bot: &str) -> PyResult<Bound<'py, PyAny>> {
        let result = self.game().step_bot(bot);
        to_py(py, &result.or_raise(py)?)
    }

    /// Plays random actions (and rolls) until the end or `max_steps`, the interpreter
    /// detached: `{"steps": n, "outcome": ..}`.
    #[pyo3(signature = (max_steps = 1_000_000))]
    fn play_random<'py>(&self, py: Python<'py>, max_steps: usize) -> PyResult<Bound<'py, PyAny>> {
        let result = self.detached(py, |g| g.play_random(max_steps));
        to_py(py, &result.or_raise(py)?)
    }

    /// Plays to the end (or `max_steps`) with `bots[0]` choosing for side 0 and `bots[1]` for
    /// side 1, the interpreter detached: `{"steps", "outcome", "hash"}`.
    #[pyo3(
        signature = (bots = vec!["random".to_string(), "random".to_string()], max_steps = 1_000_000),
        text_signature = "(self, /, bots=('random', 'random'), max_steps=1000000)"
    )]
    fn play_bots<'py>(
        &self,
        py: Python<'py>,
        bots: Vec<String>,
        max_steps: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let [a, b] = two_bots(bots)?;
        let result = self.detached(py, |g| g.play_bots([&a, &b], max_steps));
        to_py(py, &result.or_raise(py)?)
    }

    fn __repr__(&self) -> String {
        let game = self.game();
        let actor = game.actor();
        let to_act = if let Some(name) = actor.get("name").and_then(Value::as_str) {
            format!("{name} to act")
        } else if actor.get("chance").is_some() {
            "chance to act".to_string()
        } else {
            "over".to_string()
        };
        format!(
            "<grognard.Game {} seed={} hash={:016x}: {}>",
            game.scenario(),
            game.seed(),
            game.state_hash(),
            to_act
        )
    }
}

/// Every system: `[{"id", "name", "sides", "dice", "implemented"}]`.
#[pyfunction]
fn systems(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let list = engine().map(|e| e.systems()).or_raise(py)?;
    to_py(py, &list)
}

/// Every scenario, sorted by id: `[{"id", "system", "name", "implemented", "provisional"}]`.
#[pyfunction]
fn scenarios(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let list = engine().map(|e| e.scenarios()).or_raise(py)?;
    to_py(py, &list)
}

/// Adds a component-data file (map, counters, chart, terrain or scenario) to the process-wide
/// library, replacing any part with the same id: `{"id": .., "kind": ..}`.
#[pyfunction]
fn add_data<'py>(py: Python<'py>, file_name: &str, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let result = py.detach(|| {
        let lock = engine_lock()?;
        let mut engine = lock.write().unwrap_or_else(PoisonError::into_inner);
        engine.add_data(file_name, text)
    });
    to_py(py, &result.or_raise(py)?)
}

/// Plays `games` games of `scenario` (seeds `seed`, `seed + 1`, ...) on `threads` OS threads
/// with the interpreter detached, and returns `[{"seed", "steps", "outcome", "hash"}]` in seed
/// order. Every game depends only on its seed, so the thread count never changes the results.
#[pyfunction]
#[pyo3(signature = (scenario, games, seed = 0, bot = "random", *, bots = None, max_steps = 1_000_000, threads = None))]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    scenario: &str,
    games: u64,
    seed: u64,
    bot: &str,
    bots: Option<Vec<String>>,
    max_steps: usize,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let [a, b] = match bots {
        Some(bots) => two_bots(bots)?,
        None => [bot.to_string(), bot.to_string()],
    };
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let results = py.detach(|| run_games(scenario, games, seed, [&a, &b], max_steps, threads));
    let list = PyList::empty(py);
    for result in results.or_raise(py)? {
        list.append(to_py(py, &result)?)?;
    }
    Ok(list)
}

/// `simulate` without the interpreter: the seed range cut into one contiguous slice per thread.
fn run_games(
    scenario: &str,
    games: u64,
    seed: u64,
    bots: [&str; 2],
    max_steps: usize,
    threads: usize,
) -> Result<Vec<Value>, Error> {
    let engine = engine()?;
    // The scenario and the bot names are checked even when no game is asked for.
    engine.new_game(scenario, seed)?.play_bots(bots, 0)?;
    let threads = u64::try_from(threads)
        .unwrap_or(u64::MAX)
        .clamp(1, games.max(1));
    if threads == 1 {
        return engine.simulate(scenario, games, seed, bots, max_steps);
    }
    let per_thread = games.div_ceil(threads);
    let engine = &*engine;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let first = t * per_thread;
                let count = per_thread.min(games.saturating_sub(first));
                scope.spawn(move || {
                    engine.simulate(scenario, count, seed.wrapping_add(first), bots, max_steps)
                })
            })
            .collect();
        let mut out = Vec::new();
        for handle in handles {
            match handle.join() {
                Ok(part) => out.extend(part?),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        Ok(out)
    })
}

#[pymodule]
fn _grognard(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", VERSION)?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(systems, m)?)?;
    m.add_function(wrap_pyfunction!(scenarios, m)?)?;
    m.add_function(wrap_pyfunction!(add_data, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
