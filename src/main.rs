//! `grognard` — the command-line front end of the rules engine.
//!
//! * `grognard systems` — the four rule systems and whether this build implements them.
//! * `grognard scenarios` — the built-in scenario ids (`pg/rossbach`, ...), with their
//!   provisional parts.
//! * `grognard validate FILE...` — checks component-data files; exit status 1 and the JSON path
//!   of the first error when one is bad.
//! * `grognard play SCENARIO --seed N` — bots play the scenario to its end, one line per event
//!   with its rule number, then a line starting `result:`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grognard::any::{AnyGame, Engine, Error};
use serde_json::Value;

#[derive(Parser)]
#[command(
    name = "grognard",
    version,
    about = "Rules engine for hex-and-counter wargames"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the rule systems and whether this build implements them.
    Systems,
    /// List the built-in scenarios.
    Scenarios,
    /// Validate component-data files (maps, counters, charts, terrain, scenarios).
    Validate {
        /// JSON files to check.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Play a scenario with bots and print every event with its rule number.
    Play {
        /// Scenario id (see `grognard scenarios`) or a path to a scenario JSON file.
        scenario: String,
        /// Seed of the chance generator (and of the random bots).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many actions if the game has not ended.
        #[arg(long, default_value_t = 1_000_000)]
        max_steps: usize,
        /// Extra data files (maps, charts, ...) replacing built-in parts.
        #[arg(long = "data")]
        data: Vec<std::path::PathBuf>,
        /// The bot playing both sides: `default` (the system's best: pg `greedy`, nbs
        /// `advance`), `random`, or another of the system's own.
        #[arg(long, default_value = "default")]
        bot: String,
        /// A different bot for the second side.
        #[arg(long)]
        vs: Option<String>,
    },
}

/// The reader of our output went away (`grognard play ... | head`): stop quietly.
const CLOSED: &str = "\0stdout closed";

/// Prints one line; a closed pipe becomes the quiet [`CLOSED`] error instead of a panic.
fn emit(line: std::fmt::Arguments<'_>) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_fmt(line)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                CLOSED.to_string()
            } else {
                format!("cannot write to standard output: {e}")
            }
        })
}

macro_rules! say {
    ($($arg:tt)*) => { emit(format_args!($($arg)*))? };
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(message) if message == CLOSED => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("grognard: {message}");
            ExitCode::from(2)
        }
    }
}

fn read(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

fn run(command: Command) -> Result<ExitCode, String> {
    let mut engine = Engine::builtin().map_err(|e| format!("built-in data: {e}"))?;
    match command {
        Command::Systems => {
            for s in engine.systems().as_array().into_iter().flatten() {
                let done = if s["implemented"] == Value::Bool(true) {
                    "implemented"
                } else {
                    "rules not implemented yet"
                };
                say!(
                    "{:<9} {} ({})",
                    s["id"].as_str().unwrap_or("?"),
                    s["name"].as_str().unwrap_or("?"),
                    done
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Scenarios => {
            let list = engine.scenarios();
            let list = list.as_array().cloned().unwrap_or_default();
            if list.is_empty() {
                say!("(no built-in scenarios in this build)");
            }
            for s in list {
                let provisional: Vec<&str> = s["provisional"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                let mut notes = Vec::new();
                if s["implemented"] != Value::Bool(true) {
                    notes.push("rules not implemented yet".to_string());
                }
                if !provisional.is_empty() {
                    notes.push(format!("provisional: {}", provisional.join(", ")));
                }
                let missing: Vec<&str> = s["incomplete"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                if !missing.is_empty() {
                    notes.push(format!("incomplete, lacks: {}", missing.join("; ")));
                }
                say!(
                    "{:<24} {}{}",
                    s["id"].as_str().unwrap_or("?"),
                    s["name"].as_str().unwrap_or("?"),
                    if notes.is_empty() {
                        String::new()
                    } else {
                        format!("  [{}]", notes.join("; "))
                    }
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate { files } => {
            let mut bad = false;
            for path in files {
                let text = read(&path)?;
                let name = path.display().to_string();
                match grognard::data::validate(&name, &text, engine.library()) {
                    Ok(s) => {
                        let replaces = match (&s.replaces, s.replaces_builtin) {
                            (Some(f), true) => format!(", replaces built-in {f}"),
                            (Some(f), false) => format!(", replaces {f}"),
                            (None, _) => String::new(),
                        };
                        say!(
                            "{name}: ok — {} {} ({}), provenance {}, {} provisional items, {} missing values{replaces}",
                            s.kind,
                            s.id,
                            s.system,
                            s.provenance,
                            s.provisional_items,
                            s.missing_values
                        );
                    }
                    Err(e) => {
                        say!("{e}");
                        bad = true;
                    }
                }
            }
            Ok(if bad {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Play {
            scenario,
            seed,
            max_steps,
            data,
            bot,
            vs,
        } => {
            for path in &data {
                let text = read(path)?;
                engine
                    .add_data(&path.display().to_string(), &text)
                    .map_err(|e| e.to_string())?;
            }
            let path = std::path::Path::new(&scenario);
            let game = if scenario.ends_with(".json") && path.exists() {
                engine.new_game_from_json(&read(path)?, seed)
            } else {
                engine.new_game(&scenario, seed)
            };
            let mut game = game.map_err(|e| match e {
                Error::NotImplemented { system } => format!(
                    "cannot play {scenario}: the {system} rules are not in this build yet \
                     (they arrive with that system's issue); `grognard systems` shows what is"
                ),
                other => other.to_string(),
            })?;
            // DESIGN: never present a provisional value as the published one.
            let listed = engine.scenarios();
            let provisional: Vec<String> = listed
                .as_array()
                .into_iter()
                .flatten()
                .filter(|x| x["id"] == game.scenario())
                .flat_map(|x| x["provisional"].as_array().cloned().unwrap_or_default())
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            if !provisional.is_empty() {
                say!(
                    "provisional data (not the published values): {}",
                    provisional.join(", ")
                );
            }
            let bots = [bot.clone(), vs.unwrap_or(bot)];
            play(game.as_mut(), max_steps, &bots)
        }
    }
}

fn play(game: &mut dyn AnyGame, max_steps: usize, bots: &[String; 2]) -> Result<ExitCode, String> {
    let info = game.system().clone();
    say!(
        "{} — {} (seed {}; {} {} vs {} {})",
        info.name,
        game.scenario(),
        game.seed(),
        info.sides[0],
        bots[0],
        info.sides[1],
        bots[1]
    );
    for _ in 0..max_steps {
        let side = game.actor()["player"].as_u64().unwrap_or(0).min(1) as usize;
        let step = game.step_bot(&bots[side]).map_err(|e| e.to_string())?;
        if step.is_null() {
            break;
        }
        for event in step["events"].as_array().into_iter().flatten() {
            say!(
                "[{}] {}",
                event["rule"].as_str().unwrap_or("?"),
                event["text"].as_str().unwrap_or("?")
            );
        }
    }
    match game.outcome() {
        Some(o) => {
            let winner = match o["winner"].as_u64() {
                Some(side) => info
                    .sides
                    .get(side as usize)
                    .copied()
                    .unwrap_or("?")
                    .to_string(),
                None => "nobody".to_string(),
            };
            say!(
                "result: {} — winner {winner}, points {} (rule {}), {} actions, state hash {:016x}",
                o["level"].as_str().unwrap_or("?"),
                o["points"],
                o["rule"].as_str().unwrap_or("?"),
                game.history().as_array().map_or(0, Vec::len),
                game.state_hash()
            );
            Ok(ExitCode::SUCCESS)
        }
        None => {
            say!(
                "result: unfinished after {max_steps} actions, state hash {:016x}",
                game.state_hash()
            );
            Ok(ExitCode::from(3))
        }
    }
}
