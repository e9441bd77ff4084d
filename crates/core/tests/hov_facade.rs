//! The Habit of Victory through the JSON facade that the C, Python, wasm and Java bindings
//! wrap: registration and the three Battle Scenarios listed (§221–§223), each played to a
//! result by the bots, a saved game reloaded, the readable log (names, not indices), the bots
//! by name, the chance outcomes, and what each side's observation hides (¶20–¶22, §25, §68,
//! ¶146 step 3b, ¶155): two positions that differ only in facts hidden from a side give that
//! side the same observation JSON, the same observation hash and the same legal actions.

use grognard::any::Engine;
use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules, Side, bot_named, stable_hash};
use grognard::hov::Hov;
use grognard::hov::state::{BattleStep, LeaderPlace, State, VedettePlace};
use grognard::hov::types::Chit;
use serde_json::Value;

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

fn engine() -> Engine {
    Engine::builtin().expect("the built-in data loads")
}

fn rules(id: &str) -> Hov {
    let lib = Library::builtin().unwrap();
    Hov::new(&lib.scenario(id).unwrap()).unwrap()
}

#[test]
fn s221_hov_is_registered_and_its_battle_scenarios_listed() {
    let e = engine();
    let systems = e.systems();
    let h = systems
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "hov")
        .expect("hov registered");
    assert_eq!(h["implemented"], true);
    let listed = e.scenarios();
    let ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["system"] == "hov")
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    for id in SCENARIOS {
        assert!(ids.contains(&id), "{id} listed in {ids:?}");
    }
}

#[test]
fn s212_each_battle_scenario_plays_to_a_result_through_the_facade() {
    let e = engine();
    for (k, id) in SCENARIOS.iter().enumerate() {
        for bots in [["default", "default"], ["random", "greedy"]] {
            let mut g = e.new_game(id, 7 + k as u64).unwrap();
            let r = g.play_bots(bots, 50_000).unwrap();
            assert!(!r["outcome"].is_null(), "{id} {bots:?} ends: {r}");
            assert!(g.outcome().is_some());
            assert_eq!(g.actor_kind(), grognard::any::ActorKind::Terminal);
            let o = g.outcome().unwrap();
            // §214's score at the End Date, or a sudden end such as ¶194's capture of Napoleon.
            let rule = o["rule"].as_str().unwrap();
            assert!(rule.contains('§') || rule.contains('¶'), "{o}");
        }
    }
}

#[test]
fn s212_a_saved_game_reloads_to_the_same_position() {
    let e = engine();
    for id in SCENARIOS {
        let mut g = e.new_game(id, 11).unwrap();
        for _ in 0..150 {
            if g.step_bot("greedy").unwrap().is_null() {
                break;
            }
        }
        let saved = g.save();
        let back = e.load_game(&saved.to_string()).expect("reloads");
        assert_eq!(back.state(), g.state(), "{id}");
        assert_eq!(back.state_hash(), g.state_hash(), "{id}");
        assert_eq!(back.observation(1).unwrap(), g.observation(1).unwrap());
        // Both go on alike.
        let (mut a, mut b) = (g.clone_game(), back);
        for _ in 0..50 {
            let x = a.step_bot("random").unwrap();
            let y = b.step_bot("random").unwrap();
            assert_eq!(x, y, "{id}");
        }
    }
}

#[test]
fn r20_the_log_names_leaders_units_armies_and_hexes() {
    let e = engine();
    let mut g = e.new_game("hov/eylau", 1).unwrap();
    let mut texts = Vec::new();
    for _ in 0..600 {
        let step = g.step_bot("greedy").unwrap();
        if step.is_null() {
            break;
        }
        for ev in step["events"].as_array().unwrap() {
            texts.push(ev["text"].as_str().unwrap().to_string());
        }
    }
    let all = texts.join("\n");
    assert!(!all.contains("leader 5"), "no leader by index: {all}");
    assert!(!all.contains("side 0") && !all.contains("side 1"), "{all}");
    // A leader by name with his counter id, e.g. "Davout [F-davout]".
    assert!(
        texts
            .iter()
            .any(|t| t.contains("'s force enters") && t.contains("[F-")),
        "a march names its leader: {all}"
    );
    assert!(texts.iter().any(|t| t.contains("a French counter moves")));
    assert!(texts.iter().any(|t| t.contains("the Coalition")));
}

#[test]
fn r20_owner_only_lines_stay_with_their_owner() {
    let r = rules("hov/eylau");
    let mut game = Game::new(r.clone(), 3);
    let mut bot = bot_named(&r, "greedy").unwrap();
    let mut secret = 0;
    for _ in 0..800 {
        if game.step_bot(bot.as_mut()).unwrap().is_none() {
            break;
        }
        for side in [Side(0), Side(1)] {
            let seen: Vec<_> = game.last_events_for(side).collect();
            let all = game.last_events();
            secret += all.len() - seen.len();
            for ev in all {
                use grognard::engine::EventInfo;
                if let grognard::hov::Event::Strength { side: owner, .. }
                | grognard::hov::Event::Moved { side: owner, .. }
                | grognard::hov::Event::ChitChosen { side: owner, .. } = ev
                {
                    assert_eq!(ev.visible_to(side), *owner == side);
                }
            }
        }
    }
    assert!(secret > 0, "some events are the owner's only");
}

#[test]
fn d35_chance_outcomes_are_exact_for_every_dice_kind() {
    let r = rules("hov/friedland");
    let mut game = Game::new(r.clone(), 5);
    let mut checked = 0;
    for _ in 0..2_000 {
        let s = game.state().clone();
        if let Actor::Chance(grognard::engine::Chance::Dice(spec)) = r.actor(&s) {
            let mut out = Vec::new();
            r.chance_outcomes(&s, &mut out);
            assert_eq!(out.len(), spec.outcome_count());
            let mut listed = Vec::new();
            r.legal_actions(&s, &mut listed);
            assert_eq!(
                out.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>(),
                listed
            );
            let total: u64 = out
                .iter()
                .map(|(_, p)| u64::from(p.num()) * (36 / u64::from(p.den())))
                .sum();
            assert_eq!(total, 36, "{spec:?}");
            checked += 1;
        }
        if game.step_random().unwrap().is_none() {
            break;
        }
    }
    assert!(checked > 10);
    // Every dice kind hov declares is answered with its exact outcomes, summing to one.
    for spec in r.info().dice {
        let n: u32 = spec.outcomes().map(|(_, p)| p.num() * (36 / p.den())).sum();
        assert_eq!(n, 36, "{spec:?}");
    }
}

/// The bots by name: `greedy` is the default and plays whole games; an unknown name is refused.
#[test]
fn bots_are_named_and_greedy_is_the_default() {
    let r = rules("hov/pultusk-golymin");
    assert_eq!(r.default_bot(), "greedy");
    assert!(bot_named(&r, "greedy").is_some());
    assert!(bot_named(&r, "random").is_some());
    let e = engine();
    let mut g = e.new_game("hov/pultusk-golymin", 2).unwrap();
    assert!(g.step_bot("no-such-bot").is_err());
}

// --- What each side sees (¶20–¶22, §25, §68, ¶146 step 3b, ¶155) ---

/// Plays greedy games from `seed` until `pick` accepts a state (at most `n` steps).
fn find(r: &Hov, seed: u64, n: usize, pick: impl Fn(&State) -> bool) -> Option<State> {
    let mut game = Game::new(r.clone(), seed);
    let mut bot = bot_named(r, "greedy").unwrap();
    for _ in 0..n {
        if pick(game.state()) {
            return Some(game.state().clone());
        }
        game.step_bot(bot.as_mut()).unwrap()?;
    }
    None
}

/// `side` sees `a` and `b` alike: same observation JSON, hash, and (when it acts) actions.
fn same_for(r: &Hov, a: &State, b: &State, side: Side) {
    assert_ne!(a, b, "the two positions differ");
    let (oa, ob) = (r.observation(a, side), r.observation(b, side));
    let (ja, jb) = (
        serde_json::to_value(&oa).unwrap(),
        serde_json::to_value(&ob).unwrap(),
    );
    assert_eq!(ja, jb, "{side}'s observation JSON");
    assert_eq!(
        stable_hash(&oa),
        stable_hash(&ob),
        "{side}'s observation hash"
    );
    assert_eq!(r.state_hash(&oa), r.state_hash(&ob));
    if r.actor(a) == Actor::Player(side) {
        let (mut la, mut lb) = (Vec::new(), Vec::new());
        r.legal_actions(a, &mut la);
        r.legal_actions(b, &mut lb);
        assert_eq!(la, lb, "{side}'s legal actions");
    }
}

fn enemy_units(r: &Hov, s: &State, side: Side) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&i| r.manifest.units[i].side == side.other() && s.units[i].leader.is_some())
        .collect()
}

#[test]
fn r20_enemy_unit_strengths_are_hidden() {
    for id in SCENARIOS {
        let r = rules(id);
        let s = find(&r, 1, 300, |s| {
            matches!(r.actor(s), Actor::Player(p) if p == s.phasing)
                && s.phase == grognard::hov::state::Phase::InitiativeMovement
        })
        .expect("a position");
        let me = s.phasing;
        let mut t = s.clone();
        // Move one SP between two enemy units of the same track, or change one's strength.
        let units = enemy_units(&r, &s, me);
        let u = units
            .iter()
            .copied()
            .find(|&i| s.units[i].sp >= 2)
            .expect("an enemy unit of 2 SP or more");
        t.units[u].sp -= 1;
        same_for(&r, &s, &t, me);
        // The side that owns it sees the difference.
        assert_ne!(
            serde_json::to_value(r.observation(&s, me.other())).unwrap(),
            serde_json::to_value(r.observation(&t, me.other())).unwrap()
        );
    }
}

#[test]
fn r21_face_down_leaders_are_not_identified() {
    let mut checked = 0;
    for id in SCENARIOS {
        let r = rules(id);
        let s = r.initial_state();
        for me in [Side(0), Side(1)] {
            // Two face-down enemy Force Leaders on the map swap hexes (their forces with them:
            // units follow their leader's track).
            let fls: Vec<usize> = (0..s.leaders.len())
                .filter(|&i| {
                    r.manifest.leaders[i].side == me.other()
                        && matches!(s.leaders[i].place, LeaderPlace::Map(_))
                        && !s.leaders[i].revealed
                        && r.is_force(&s, i as u16)
                })
                .collect();
            let Some((&a, &b)) = fls
                .iter()
                .zip(fls.iter().skip(1))
                .find(|(a, b)| s.leaders[**a].place != s.leaders[**b].place)
            else {
                continue;
            };
            let mut t = s.clone();
            let (pa, pb) = (s.leaders[a].place, s.leaders[b].place);
            t.leaders[a] = s.leaders[a];
            t.leaders[b] = s.leaders[b];
            t.leaders[a].place = pb;
            t.leaders[b].place = pa;
            same_for(&r, &s, &t, me);
            checked += 1;
        }
    }
    assert!(
        checked >= 3,
        "two face-down Force Leaders swapped: {checked}"
    );
}

#[test]
fn s68_a_vedette_is_not_told_from_a_force() {
    let mut checked = 0;
    for id in SCENARIOS {
        let r = rules(id);
        // After the set-up (§217) the vedettes stand on the map.
        let Some(s) = find(&r, 2, 400, |s| {
            s.phase != grognard::hov::state::Phase::Setup
                && s.vedettes
                    .iter()
                    .any(|v| matches!(v.place, VedettePlace::Map(_)) && !v.revealed)
        }) else {
            continue;
        };
        for me in [Side(0), Side(1)] {
            let v = (0..s.vedettes.len()).find(|&i| {
                r.manifest.vedettes[i].side == me.other()
                    && matches!(s.vedettes[i].place, VedettePlace::Map(_))
                    && !s.vedettes[i].revealed
            });
            let l = (0..s.leaders.len()).find(|&i| {
                r.manifest.leaders[i].side == me.other()
                    && matches!(s.leaders[i].place, LeaderPlace::Map(_))
                    && !s.leaders[i].revealed
                    && r.is_force(&s, i as u16)
            });
            let (Some(v), Some(l)) = (v, l) else { continue };
            let (VedettePlace::Map(vh), LeaderPlace::Map(lh)) =
                (s.vedettes[v].place, s.leaders[l].place)
            else {
                continue;
            };
            if vh == lh {
                continue;
            }
            // The vedette and the force trade hexes: the enemy sees two unknown stacks.
            let mut t = s.clone();
            t.vedettes[v].place = VedettePlace::Map(lh);
            t.leaders[l].place = LeaderPlace::Map(vh);
            same_for(&r, &s, &t, me);
            checked += 1;
        }
    }
    assert!(checked > 0, "a vedette and a force were swapped");
}

#[test]
fn r155_an_unrevealed_chit_is_hidden() {
    let mut checked = 0;
    for id in SCENARIOS {
        let r = rules(id);
        for seed in 1..6 {
            // A battle whose first chit is chosen and the second side is to choose.
            let Some(s) = find(&r, seed, 3_000, |s| {
                s.battle.as_ref().is_some_and(|b| {
                    b.step == BattleStep::Chits
                        && b.chits.iter().filter(|c| c.is_some()).count() == 1
                })
            }) else {
                continue;
            };
            let b = s.battle.as_ref().unwrap();
            let k = b.chits.iter().position(|c| c.is_some()).unwrap();
            let owner = Side(k as u8);
            let mut t = s.clone();
            let tb = t.battle.as_mut().unwrap();
            tb.chits[k] = Some(match b.chits[k] {
                Some(Chit::Pitched) => Chit::Pursuit,
                _ => Chit::Pitched,
            });
            same_for(&r, &s, &t, owner.other());
            checked += 1;
            break;
        }
    }
    assert!(checked > 0, "a battle reached its chits");
}

#[test]
fn r20_observation_json_through_the_facade_hides_enemy_strengths() {
    let e = engine();
    for id in SCENARIOS {
        let g = e.new_game(id, 1).unwrap();
        for side in 0..2u32 {
            let o: Value = g.observation(side).unwrap();
            let units = o["units"].as_array().unwrap();
            let r = rules(id);
            for (i, u) in units.iter().enumerate() {
                if r.manifest.units[i].side.0 != side as u8 {
                    assert_eq!(u["sp"], 0, "{id}: side {side} sees unit {i}");
                    assert!(u["leader"].is_null());
                }
            }
            assert!(!o["unknown"].as_array().unwrap().is_empty());
        }
        assert!(g.observation(2).is_err());
    }
}

#[test]
fn r21_a_refused_command_for_a_hidden_enemy_leader_does_not_tell_where_he_is() {
    let e = engine();
    let mut g = e.new_game("hov/eylau", 1).unwrap();
    for _ in 0..8 {
        g.step_random().unwrap();
    }
    // On to the next French decision (the set-up's length depends on its choices, §211).
    for _ in 0..200 {
        if g.actor()["player"] == 0 {
            break;
        }
        g.step_random().unwrap();
    }
    assert_eq!(g.actor()["player"], 0, "the French are to act");
    let state = g.state();
    let before = g.state_hash();
    let mut checked = 0;
    let r = rules("hov/eylau");
    for (i, l) in state["leaders"].as_array().unwrap().iter().enumerate() {
        if r.manifest.leaders[i].side != Side(1) || l["revealed"] == true {
            continue;
        }
        let Some(hex) = l["place"]["map"].as_str() else {
            continue;
        };
        for a in [
            format!(r#"{{"command": {{"leader": {i}, "parts": []}}}}"#),
            format!(r#"{{"command": {{"leader": 0, "parts": [{i}]}}}}"#),
        ] {
            let err = g.apply_json(&a).expect_err("refused").to_string();
            assert!(!err.contains(hex), "{a}: {err} names {hex}");
            assert_eq!(g.state_hash(), before, "a refusal changes nothing");
            checked += 1;
        }
    }
    assert!(checked > 4);
}

/// Games per second through the typed engine, both bots, no checks: printed for the report
/// (a Battle Scenario plays in a few milliseconds; loading the data takes longer).
#[test]
fn games_per_second() {
    let mut games = 0u32;
    let start = std::time::Instant::now();
    for id in SCENARIOS {
        let r = rules(id);
        for seed in 0..6u64 {
            let mut game = Game::new(r.clone(), seed);
            let name = if seed % 2 == 0 { "greedy" } else { "random" };
            let mut bot = bot_named(&r, name).unwrap();
            while game.step_bot(bot.as_mut()).unwrap().is_some() {}
            assert!(game.outcome().is_some());
            games += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "hov: {games} games in {secs:.2} s: {:.1} games/s",
        f64::from(games) / secs
    );
}

#[test]
fn positions_are_checked_before_a_game_starts_from_one() {
    let e = engine();
    let mut g = e.new_game("hov/friedland", 4).unwrap();
    for _ in 0..120 {
        g.step_bot("greedy").unwrap();
    }
    let state = g.state().to_string();
    let from = e
        .game_from_state("hov/friedland", &state, 9)
        .expect("a position of play is accepted");
    assert_eq!(from.state(), g.state());
    // A unit above its Maximum Strength (¶13) is refused, naming the unit.
    let mut bad = g.state();
    bad["units"][0]["sp"] = serde_json::json!(99);
    let err = e
        .game_from_state("hov/friedland", &bad.to_string(), 9)
        .err()
        .expect("refused");
    let text = err.to_string();
    assert!(text.contains("¶13") && text.contains("99 SP"), "{text}");
    // An observation is not a position (¶21: it has unknown stacks).
    let obs = g.observation(0).unwrap().to_string();
    assert!(e.game_from_state("hov/friedland", &obs, 9).is_err());
}
