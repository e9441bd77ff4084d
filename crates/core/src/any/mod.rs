//! The JSON facade that the C, Python and wasm bindings wrap (DESIGN: "Bindings").
//!
//! An [`Engine`] holds the component-data [`Library`] (built-in files plus any the caller
//! adds) and the registered [`System`]s. It lists systems and scenarios, creates games from a
//! scenario id or a scenario's JSON and a seed, and reloads saved games. A game is a
//! `Box<dyn AnyGame>`: legal actions, apply (by JSON or by index), roll, state, observation,
//! reachable, undo and save, all JSON in and out. docs/json.md documents every shape.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Value, json};

// The contract a system implements lives in [`crate::system`]; the facade's users find it
// here as before.
pub use crate::system::{
    ActorKind, Adapter, AnyGame, Error, RulesSystem, SAVE_FORMAT, ScenarioRules, System,
    actor_json, from_value, parse_json, parse_strict,
};

use crate::data::{Kind, Library, ResolvedScenario, parse_standalone};
use crate::dice::DiceSpec;
use crate::engine::SystemInfo;

/// The four systems grognard is built for, whether or not their rules are in this build.
pub static CATALOG: [SystemInfo; 4] = [
    SystemInfo {
        id: "pg",
        name: "Prussia's Glory",
        sides: ["Prussian", "Coalition"],
        dice: &[DiceSpec::D6],
    },
    SystemInfo {
        id: "hov",
        name: "The Habit of Victory (Campaigns of Napoleon 2X)",
        sides: ["French", "Coalition"],
        dice: &[DiceSpec::D6, DiceSpec::TwoD6, DiceSpec::D66],
    },
    SystemInfo {
        id: "fontenoy",
        name: "The Battle of Fontenoy, 11 May 1745",
        sides: ["French", "Allied"],
        dice: &[DiceSpec::D10, DiceSpec::D100],
    },
    SystemInfo {
        id: "nbs",
        name: "Austerlitz (Napoleonic Brigade Series)",
        sides: ["French", "Allied"],
        dice: &[DiceSpec::D6, DiceSpec::TwoD6, DiceSpec::D66],
    },
];

/// The facade: data library plus systems.
pub struct Engine {
    library: Library,
    systems: Vec<Box<dyn System>>,
    /// The answer of [`scenarios`](Engine::scenarios), built on the first call and dropped
    /// whenever the library or the systems change: listing resolves every scenario.
    listing: spin::Mutex<Option<Value>>,
    /// One game per library scenario asked for, at its start: a new game of that scenario is
    /// a [`fresh`](AnyGame::fresh) copy of its rules (resolving a scenario and building its
    /// rules costs about a millisecond; a copy, microseconds). Dropped with `listing`.
    templates: spin::Mutex<Vec<(String, Box<dyn AnyGame>)>>,
}

impl Engine {
    /// The built-in data and every system compiled into this build. Fails only if a built-in
    /// data file is bad, which the test suite rules out for every release.
    pub fn builtin() -> Result<Self, Error> {
        #[allow(unused_mut)]
        let mut engine = Engine {
            library: Library::builtin()?,
            systems: Vec::new(),
            listing: spin::Mutex::new(None),
            templates: spin::Mutex::new(Vec::new()),
        };
        #[cfg(feature = "pg")]
        engine.register(Box::new(crate::pg::PgSystem::new()));
        #[cfg(feature = "nbs")]
        engine.register(Box::new(crate::nbs::NbsSystem::new()));
        #[cfg(feature = "fontenoy")]
        engine.register(Box::new(crate::fontenoy::FontenoySystem::new()));
        #[cfg(feature = "hov")]
        engine.register(Box::new(crate::hov::HovSystem::new()));
        Ok(engine)
    }

    /// An engine over `library` with no systems registered.
    pub fn with_library(library: Library) -> Self {
        Engine {
            library,
            systems: Vec::new(),
            listing: spin::Mutex::new(None),
            templates: spin::Mutex::new(Vec::new()),
        }
    }

    /// Adds (or replaces, by id) a system.
    pub fn register(&mut self, system: Box<dyn System>) {
        let id = system.info().id;
        self.systems.retain(|s| s.info().id != id);
        self.systems.push(system);
        *self.listing.get_mut() = None;
        self.templates.get_mut().clear();
    }

    /// The component data.
    pub fn library(&self) -> &Library {
        &self.library
    }

    /// Adds a user's data file (map, counters, chart, terrain or scenario), replacing any
    /// part with the same id. Returns the id and kind of what was added.
    pub fn add_data(&mut self, file_name: &str, text: &str) -> Result<Value, Error> {
        let data = parse_standalone(file_name, text)?;
        let answer = json!({"id": data.id(), "kind": data.kind()});
        *self.listing.get_mut() = None;
        self.templates.get_mut().clear();
        self.library.insert(file_name, data, false)?;
        Ok(answer)
    }

    fn system(&self, id: &str) -> Result<&dyn System, Error> {
        if let Some(s) = self.systems.iter().find(|s| s.info().id == id) {
            return Ok(s.as_ref());
        }
        if CATALOG.iter().any(|s| s.id == id) {
            return Err(Error::NotImplemented { system: id.into() });
        }
        let mut known: Vec<String> = CATALOG.iter().map(|s| s.id.to_string()).collect();
        known.extend(self.systems.iter().map(|s| s.info().id.to_string()));
        known.sort();
        known.dedup();
        Err(Error::UnknownSystem {
            system: id.into(),
            known,
        })
    }

    /// Every system: `[{"id", "name", "sides", "dice", "implemented"}]`, catalogue order first.
    pub fn systems(&self) -> Value {
        let mut out: Vec<Value> = CATALOG
            .iter()
            .map(|info| {
                let implemented = self.systems.iter().any(|s| s.info().id == info.id);
                json!({"id": info.id, "name": info.name, "sides": info.sides,
                       "dice": info.dice, "implemented": implemented})
            })
            .collect();
        for s in &self.systems {
            let info = s.info();
            if !CATALOG.iter().any(|c| c.id == info.id) {
                out.push(
                    json!({"id": info.id, "name": info.name, "sides": info.sides,
                                "dice": info.dice, "implemented": true}),
                );
            }
        }
        Value::Array(out)
    }

    /// Every scenario in the library, sorted by id:
    /// `[{"id", "system", "name", "implemented", "provisional": [..]}]`.
    pub fn scenarios(&self) -> Value {
        if let Some(v) = self.listing.lock().as_ref() {
            return v.clone();
        }
        let v = self.list_scenarios();
        *self.listing.lock() = Some(v.clone());
        v
    }

    fn list_scenarios(&self) -> Value {
        Value::Array(
            self.library
                .scenario_ids()
                .into_iter()
                .filter_map(|id| self.library.scenario(id).ok())
                .map(|s| {
                    let sc = &s.scenario;
                    let implemented = self.systems.iter().any(|x| x.info().id == sc.system.id());
                    let provisional: Vec<String> = s
                        .provisional_parts()
                        .iter()
                        .map(|p| alloc::format!("{} {}", p.kind, p.id))
                        .collect();
                    let options: Vec<Value> = sc
                        .options
                        .iter()
                        .map(|o| {
                            json!({"id": o.id, "name": o.name, "default": o.default,
                                   "rules": o.rules})
                        })
                        .collect();
                    // What an incomplete scenario lacks (empty when complete): such a
                    // scenario starts only with its provisional completion chosen.
                    let incomplete: Vec<&str> = sc
                        .incomplete
                        .iter()
                        .flat_map(|i| i.missing.iter().map(String::as_str))
                        .collect();
                    json!({"id": sc.id, "system": sc.system.id(), "name": sc.name,
                           "implemented": implemented, "provisional": provisional,
                           "options": options, "incomplete": incomplete})
                })
                .collect(),
        )
    }

    /// A new game of the library's scenario `scenario_id`, seeded with `seed`.
    pub fn new_game(&self, scenario_id: &str, seed: u64) -> Result<Box<dyn AnyGame>, Error> {
        // The templates are shared by every thread using the engine; a thread that finds them
        // in use builds its game the slow way instead of waiting.
        if let Some(templates) = self.templates.try_lock() {
            if let Some((_, t)) = templates.iter().find(|(id, _)| id == scenario_id) {
                return Ok(t.fresh(seed));
            }
        }
        let scenario = self.resolve(scenario_id)?;
        let game = self
            .system(scenario.scenario.system.id())?
            .new_game(&scenario, None, seed)?;
        if let Some(mut templates) = self.templates.try_lock() {
            if !templates.iter().any(|(id, _)| id == scenario_id) {
                templates.push((scenario_id.into(), game.fresh(seed)));
            }
        }
        Ok(game)
    }

    /// A new game of a scenario given as JSON text (resolved against the library, so it may
    /// refer to built-in maps, counters and charts).
    pub fn new_game_from_json(
        &self,
        scenario_json: &str,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let scenario = self.resolve_text(scenario_json)?;
        self.system(scenario.scenario.system.id())?.new_game(
            &scenario,
            Some(scenario_json.into()),
            seed,
        )
    }

    /// A new game of the library's scenario `scenario_id` with some of its options chosen:
    /// `options_json` is an object of option id → `true` or `false` (the ids the scenario lists
    /// under `options` in [`scenarios`](Self::scenarios); an option not named keeps its
    /// default). The game keeps the chosen scenario as its own JSON, so a saved game reloads
    /// with the same options. An id the scenario does not offer, or a value that is not true or
    /// false, is a `bad_json` error naming it.
    pub fn new_game_with_options(
        &self,
        scenario_id: &str,
        options_json: &str,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let chosen: serde_json::Map<String, Value> = parse_json("options", options_json)?;
        // An incomplete scenario is checked once its options are chosen (in
        // `new_game_from_json`): its provisional completion is one of them.
        let resolved = self.resolve_unchecked(scenario_id)?;
        let mut scenario = resolved.scenario.clone();
        for (k, v) in &chosen {
            let bad = |message: String| Error::BadJson {
                what: "options".into(),
                path: k.clone(),
                message,
            };
            if !scenario.options.iter().any(|o| o.id == *k) {
                let offered: Vec<&str> = scenario.options.iter().map(|o| o.id.as_str()).collect();
                return Err(bad(alloc::format!(
                    "{scenario_id} has no option `{k}` (it offers: {})",
                    if offered.is_empty() {
                        String::from("none")
                    } else {
                        offered.join(", ")
                    }
                )));
            }
            if !v.is_boolean() {
                return Err(bad(String::from("an option is chosen with true or false")));
            }
        }
        scenario
            .rules
            .insert("options".into(), Value::Object(chosen));
        let text = serde_json::to_string(&scenario).map_err(|e| Error::BadJson {
            what: "options".into(),
            path: String::new(),
            message: e.to_string(),
        })?;
        self.new_game_from_json(&text, seed)
    }

    /// A game of the library's scenario `scenario_id` starting from `state_json`, a full state
    /// as [`AnyGame::state`] gives it (edited, or set up by hand), with the generator seeded
    /// from `seed` and an empty history: undo and replay go back to this position. The state
    /// is read strictly (`bad_json` naming the path of an unknown field, a wrong type or a
    /// missing one) and checked against the scenario's data and the system's invariants
    /// (`bad_position` naming the field and the rule). docs/json.md, "Positions".
    pub fn game_from_state(
        &self,
        scenario_id: &str,
        state_json: &str,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let state: Value = parse_json("position", state_json)?;
        let scenario = self.resolve(scenario_id)?;
        self.system(scenario.scenario.system.id())?
            .game_from_state(&scenario, None, &state, seed)
    }

    /// [`game_from_state`](Self::game_from_state) for a scenario given as JSON text (resolved
    /// against the library, as [`new_game_from_json`](Self::new_game_from_json) does).
    pub fn game_from_state_json(
        &self,
        scenario_json: &str,
        state_json: &str,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let state: Value = parse_json("position", state_json)?;
        let scenario = self.resolve_text(scenario_json)?;
        self.system(scenario.scenario.system.id())?.game_from_state(
            &scenario,
            Some(scenario_json.into()),
            &state,
            seed,
        )
    }

    /// A new game of `scenario_id` with `seed`, after applying `actions` (a JSON array of
    /// actions, chance outcomes included, as [`AnyGame::history`] lists them) in order. The
    /// error of the first action refused says its index in `path`.
    pub fn replay(
        &self,
        scenario_id: &str,
        seed: u64,
        actions: &str,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let list: Vec<Value> = parse_json("action list", actions)?;
        let mut game = self.new_game(scenario_id, seed)?;
        for (i, action) in list.into_iter().enumerate() {
            // A history entry `{"action": .., "rng_before": ..}` is accepted as well (its
            // generator is not used), and nothing else beside them.
            let action = match action {
                Value::Object(mut m) if m.contains_key("rng_before") => {
                    if let Some(k) = m.keys().find(|k| *k != "action" && *k != "rng_before") {
                        return Err(Error::BadJson {
                            what: "action list".into(),
                            path: alloc::format!("[{i}]"),
                            message: alloc::format!(
                                "unknown field `{k}`, expected `action` or `rng_before`"
                            ),
                        });
                    }
                    m.remove("action").unwrap_or(Value::Null)
                }
                other => other,
            };
            game.apply_value(action).map_err(|e| match e {
                Error::Illegal { rule, reason } => Error::Illegal {
                    rule,
                    reason: alloc::format!("action {i} of the list: {reason}"),
                },
                Error::BadJson {
                    what,
                    path,
                    message,
                } => Error::BadJson {
                    what,
                    path: alloc::format!("[{i}].{path}"),
                    message,
                },
                other => other,
            })?;
        }
        Ok(game)
    }

    /// Plays `games` games of `scenario_id` with seeds `seed`, `seed + 1`, ...; `bots[s]`
    /// chooses for side `s`. Returns one entry per game:
    /// `{"seed": n, "steps": n, "outcome": ..|null, "hash": "<16 hex digits>"}`.
    pub fn simulate(
        &self,
        scenario_id: &str,
        games: u64,
        seed: u64,
        bots: [&str; 2],
        max_steps: usize,
    ) -> Result<Vec<Value>, Error> {
        let mut out = Vec::new();
        for g in 0..games {
            let game_seed = seed.wrapping_add(g);
            let mut game = self.new_game(scenario_id, game_seed)?;
            let mut result = game.play_bots(bots, max_steps)?;
            result["seed"] = game_seed.into();
            out.push(result);
        }
        Ok(out)
    }

    /// Reloads a game saved with [`AnyGame::save`] (as JSON text), replaying its history and
    /// checking that it reaches the saved state.
    pub fn load_game(&self, saved: &str) -> Result<Box<dyn AnyGame>, Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Saved {
            format: String,
            system: String,
            scenario: String,
            scenario_json: Option<String>,
            game: Value,
        }
        let saved: Saved = parse_json("saved game", saved)?;
        if saved.format != SAVE_FORMAT {
            return Err(Error::BadJson {
                what: "saved game".into(),
                path: "format".into(),
                message: alloc::format!("expected {SAVE_FORMAT:?}, found {:?}", saved.format),
            });
        }
        let scenario = match &saved.scenario_json {
            Some(text) => self.resolve_text(text)?,
            None => self.resolve(&saved.scenario)?,
        };
        let (system, id) = (scenario.scenario.system.id(), scenario.scenario.id.as_str());
        if system != saved.system || id != saved.scenario {
            return Err(Error::BadSave {
                message: alloc::format!(
                    "the save names {} scenario {:?} but its scenario is {} {:?}",
                    saved.system,
                    saved.scenario,
                    system,
                    id
                ),
            });
        }
        self.system(&saved.system)?
            .load_game(&scenario, saved.scenario_json, saved.game)
    }

    /// The library's scenario, refused if it is incomplete and its provisional completion is
    /// not chosen (`Scenario::check_complete`).
    fn resolve(&self, scenario_id: &str) -> Result<ResolvedScenario, Error> {
        let s = self.resolve_unchecked(scenario_id)?;
        s.scenario.check_complete()?;
        Ok(s)
    }

    fn resolve_unchecked(&self, scenario_id: &str) -> Result<ResolvedScenario, Error> {
        if self.library.scenario_file(scenario_id).is_none() {
            // `pg/rossbach` before the pg rules land: say the system is missing, not the id.
            if let Some((system, _)) = scenario_id.split_once('/') {
                let known = CATALOG.iter().any(|s| s.id == system);
                let registered = self.systems.iter().any(|s| s.info().id == system);
                if known && !registered {
                    return Err(Error::NotImplemented {
                        system: system.into(),
                    });
                }
            }
            return Err(Error::UnknownScenario {
                scenario: scenario_id.into(),
            });
        }
        Ok(self.library.scenario(scenario_id)?)
    }

    fn resolve_text(&self, text: &str) -> Result<ResolvedScenario, Error> {
        const NAME: &str = "scenario.json";
        let data = parse_standalone(NAME, text)?;
        if data.kind() != Kind::Scenario {
            return Err(Error::BadJson {
                what: "scenario".into(),
                path: "kind".into(),
                message: alloc::format!("expected a scenario, found a {}", data.kind()),
            });
        }
        let id = data.id().to_string();
        let mut library = self.library.clone();
        library.insert(NAME, data, false)?;
        let s = library.scenario(&id)?;
        s.scenario.check_complete()?;
        Ok(s)
    }
}
