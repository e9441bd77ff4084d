//! The engine contract (DESIGN.md) and the `Game` driver, tested with the test-only game
//! "Skirmish" in tests/toy.

mod toy;

use grognard::dice::{DiceSpec, Prob};
use grognard::engine::{Actor, Chance, EventInfo, Game, GameSnapshot, ReplayError, Rules, Side};
use grognard::hex::Direction;
use toy::{Action, Phase, Skirmish};

fn rules() -> Skirmish {
    Skirmish::new(12, 2)
}

fn roundtrip<T: serde::Serialize + serde::de::DeserializeOwned>(v: &T) -> T {
    serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap()
}

/// Checks every promise of the contract after every action of many random games.
#[test]
fn contract_holds_after_every_action_of_500_random_games() {
    let rules = rules();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let mut terminal = 0;
    for seed in 0..500u64 {
        let mut game = Game::new(rules.clone(), seed);
        let mut steps = 0;
        loop {
            let state = game.state().clone();
            actions.clear();
            rules.legal_actions(&state, &mut actions);
            outcomes.clear();
            rules.chance_outcomes(&state, &mut outcomes);
            match rules.actor(&state) {
                Actor::Terminal(_) => {
                    assert!(actions.is_empty() && outcomes.is_empty());
                    terminal += 1;
                    break;
                }
                Actor::Chance(Chance::Dice(spec)) => {
                    assert_eq!(spec, DiceSpec::D6);
                    let listed: Vec<_> = outcomes.iter().map(|(a, _)| a.clone()).collect();
                    assert_eq!(
                        listed, actions,
                        "chance outcomes list the legal actions in order"
                    );
                    let total = outcomes
                        .iter()
                        .try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(*p))
                        .unwrap();
                    assert_eq!(total, Prob::ONE);
                }
                Actor::Chance(Chance::Draw) => unreachable!("Skirmish draws nothing"),
                Actor::Player(_) => {
                    assert!(!actions.is_empty(), "a player always has a legal action");
                    assert!(outcomes.is_empty());
                }
            }
            // Every listed action applies, on a copy; the pure form agrees with apply.
            for a in &actions {
                let (next, events) = rules.applied(&state, a).expect("listed action applies");
                assert!(!events.is_empty(), "every action reports what happened");
                assert_ne!(rules.state_hash(&next), rules.state_hash(&state));
            }
            // Serde round trip and hash stability.
            let back: toy::State = roundtrip(&state);
            assert_eq!(back, state);
            assert_eq!(rules.state_hash(&back), rules.state_hash(&state));
            game.step_random().unwrap();
            steps += 1;
            assert!(steps < 10_000);
        }
        // Replay equality: the history alone reproduces the game.
        let record: Vec<Action> = game.history().iter().map(|s| s.action.clone()).collect();
        let replayed = Game::replay(rules.clone(), seed, &record).unwrap();
        assert_eq!(replayed.state(), game.state());
        assert_eq!(replayed.state_hash(), game.state_hash());
    }
    assert_eq!(terminal, 500);
}

#[test]
fn illegal_action_names_its_rule_and_leaves_the_state_untouched() {
    let rules = rules();
    let mut game = Game::new(rules, 7);
    let err = game.step(&Action::Plan(4)).unwrap_err();
    assert_eq!(err.rule, "T1");
    assert!(err.reason.contains("plan 4"), "{err}");
    let err = game.step(&Action::Attack).unwrap_err();
    assert_eq!(err.rule, "engine");
    assert!(game.history().is_empty());
    assert_eq!(game.state(), &game.rules().initial_state());
    game.step(&Action::Plan(1)).unwrap();
    game.step(&Action::Plan(2)).unwrap();
    let before = game.state().clone();
    // Side 0 at (-2,0): stepping two hexes is fine, the third is refused by T2.1.
    let west = Direction::new(3).unwrap();
    game.step(&Action::Step(west)).unwrap();
    let err = game.step(&Action::Step(west)).unwrap_err();
    assert_eq!(err.rule, "T2.1", "off the board: {err}");
    assert_ne!(game.state(), &before);
    assert_eq!(
        format!("{err}"),
        "illegal (rule T2.1): the step leaves the board"
    );
}

#[test]
fn events_carry_rule_numbers_and_english() {
    let mut game = Game::new(rules(), 3);
    let events = game.step(&Action::Plan(3)).unwrap().to_vec();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule(), "T1");
    assert_eq!(events[0].to_string(), "side 0 chose a secret plan");
    let json = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(json, serde_json::json!({"planned": {"side": 0}}));
}

#[test]
fn observation_hides_the_other_sides_plan() {
    let mut game = Game::new(rules(), 3);
    game.step(&Action::Plan(3)).unwrap();
    game.step(&Action::Plan(2)).unwrap();
    let rules = game.rules().clone();
    assert_eq!(rules.observation(game.state(), Side(0)).plan, [3, 0]);
    assert_eq!(rules.observation(game.state(), Side(1)).plan, [0, 2]);
    assert_eq!(game.state().plan, [3, 2]);
}

/// Plays to the first attack so that the next actor is the defender, then chance.
fn game_at_attack(seed: u64) -> Game<Skirmish> {
    let mut game = Game::new(rules(), seed);
    for a in [Action::Plan(1), Action::Plan(1)] {
        game.step(&a).unwrap();
    }
    // Walk side 0 east and side 1 west until adjacent.
    let east = Direction::new(0).unwrap();
    let west = Direction::new(3).unwrap();
    game.step(&Action::Step(east)).unwrap(); // (-1,0)
    game.step(&Action::EndTurn).unwrap();
    game.step(&Action::Step(west)).unwrap(); // (1,0): adjacent to nothing yet (distance 2)
    game.step(&Action::EndTurn).unwrap();
    game.step(&Action::Step(east)).unwrap(); // (0,0): adjacent to (1,0)
    assert_eq!(game.state().pos[0].distance(game.state().pos[1]), 1);
    game.step(&Action::Attack).unwrap();
    game
}

#[test]
fn inactive_side_decides_mid_turn_then_chance_rolls() {
    let mut game = game_at_attack(11);
    assert_eq!(
        game.actor(),
        Actor::Player(Side(1)),
        "the defender chooses (T3.1)"
    );
    assert_eq!(game.legal_actions(), &[Action::Brace, Action::Stand]);
    game.step(&Action::Brace).unwrap();
    assert_eq!(game.actor(), Actor::Chance(Chance::Dice(DiceSpec::D6)));
    assert_eq!(game.chance_outcomes().len(), 6);
    // A caller-supplied die: 4 - 1 for bracing misses.
    let events = game
        .roll_value(DiceSpec::D6.roll(4).unwrap())
        .unwrap()
        .to_vec();
    assert!(
        events.iter().any(|e| e.to_string() == "rolled 4 -1: miss"),
        "{events:?}"
    );
    assert_eq!(game.state().hp, [2, 2]);
}

#[test]
fn roll_value_rejects_dice_that_are_not_rolled_now() {
    let mut game = game_at_attack(11);
    let err = game.roll_value(DiceSpec::D6.roll(3).unwrap()).unwrap_err();
    assert_eq!(err.rule, "engine");
    game.step(&Action::Stand).unwrap();
    let err = game.roll_value(DiceSpec::D10.roll(3).unwrap()).unwrap_err();
    assert!(err.reason.contains("d10 3"), "{err}");
    assert!(matches!(game.state().phase, Phase::Roll { .. }));
    assert!(game.roll().is_ok());
}

#[test]
fn undo_restores_state_and_generator_so_dice_cannot_be_fished() {
    let mut game = game_at_attack(5);
    game.step(&Action::Stand).unwrap();
    let before = game.state().clone();
    let first = game.roll().unwrap();
    let after = game.state().clone();
    assert_eq!(game.undo(), Some(first.clone()));
    assert_eq!(game.state(), &before);
    let again = game.roll().unwrap();
    assert_eq!(again, first, "same generator, same roll");
    assert_eq!(game.state(), &after);
    // Undo everything back to the start.
    while game.undo().is_some() {}
    assert_eq!(game.state(), &game.rules().initial_state());
    assert!(game.undo().is_none());
}

#[test]
fn undo_across_snapshot_boundaries_matches_replay() {
    // A long game: undo one step at a time and compare with a replay of the shorter record.
    let long_rules = Skirmish::new(200, 100);
    let mut game = Game::new(long_rules.clone(), 99);
    game.play_random(300).unwrap();
    let record: Vec<Action> = game.history().iter().map(|s| s.action.clone()).collect();
    assert!(
        record.len() > 130,
        "long enough to cross two snapshots: {}",
        record.len()
    );
    for n in (record.len() - 140..record.len()).rev() {
        game.undo().unwrap();
        let replayed = Game::replay(long_rules.clone(), 99, &record[..n]).unwrap();
        assert_eq!(game.state(), replayed.state(), "after undo to {n}");
    }
}

#[test]
fn same_seed_same_game_different_seed_different_game() {
    let play = |seed| {
        let mut g = Game::new(rules(), seed);
        let outcome = g.play_random(100_000).unwrap().expect("ends");
        (g.state_hash(), g.history().len(), outcome)
    };
    assert_eq!(play(42), play(42));
    let distinct: std::collections::BTreeSet<u64> = (0..20).map(|s| play(s).0).collect();
    assert!(
        distinct.len() > 10,
        "seeds give different games: {}",
        distinct.len()
    );
}

#[test]
fn snapshot_restores_by_replay_and_detects_tampering() {
    let mut game = Game::new(rules(), 8);
    game.play_random(25).unwrap();
    let saved = game.snapshot();
    let json = serde_json::to_string(&saved).unwrap();
    let back: GameSnapshot<Skirmish> = serde_json::from_str(&json).unwrap();
    let mut restored = Game::restore(rules(), back.clone()).unwrap();
    assert_eq!(restored.state(), game.state());
    assert_eq!(restored.rng_state(), game.rng_state());
    // Both continue identically.
    game.play_random(1000).unwrap();
    restored.play_random(1000).unwrap();
    assert_eq!(restored.state_hash(), game.state_hash());

    let mut tampered = back;
    tampered.state.hp = [9, 9];
    assert!(matches!(
        Game::restore(rules(), tampered),
        Err(ReplayError::Mismatch { .. })
    ));
}

#[test]
fn rng_state_serialises_as_hex_strings_and_rejects_garbage() {
    let game = Game::new(rules(), 1);
    let json = serde_json::to_value(game.rng_state()).unwrap();
    assert_eq!(json["state"].as_str().unwrap().len(), 16);
    let bad = serde_json::json!({"state": "xyz", "stream": "0000000000000001"});
    let err = serde_json::from_value::<grognard::engine::RngState>(bad).unwrap_err();
    assert!(err.to_string().contains("16 hexadecimal digits"), "{err}");
}

#[test]
fn no_action_applies_after_the_end() {
    let mut game = Game::new(rules(), 2);
    let outcome = game.play_random(100_000).unwrap().unwrap();
    assert_eq!(outcome.rule, "T4");
    assert!(game.legal_actions().is_empty());
    let err = game.step(&Action::EndTurn).unwrap_err();
    assert_eq!(err.rule, "engine");
    assert!(game.step_random().unwrap().is_none());
}

#[test]
fn reachable_lists_cost_and_path_and_stops_in_the_enemy_zone() {
    let mut game = Game::new(rules(), 1);
    game.step(&Action::Plan(1)).unwrap();
    game.step(&Action::Plan(1)).unwrap();
    let rules = game.rules().clone();
    let reached = rules.reachable(game.state(), "blue").unwrap();
    // Blue at (-2,0), two steps, on a radius-3 board: itself plus 6 + some second-ring hexes.
    let start = grognard::hex::Hex::new(-2, 0);
    assert_eq!(reached[0].hex, start);
    assert_eq!(reached[0].cost, 0);
    for r in &reached {
        assert_eq!(r.cost as usize + 1, r.path.len());
        assert_eq!(r.path.first(), Some(&start));
        assert_eq!(r.path.last(), Some(&r.hex));
        assert!(r.hex.distance(start) <= 2);
        // Every path is a chain of legal steps: replay it in the game.
        let mut g = game.clone();
        for w in r.path.windows(2) {
            g.step(&Action::Step(w[0].direction_to(w[1]).unwrap()))
                .unwrap();
        }
    }
    // Red is not the mover now; an unknown unit is refused with a reason.
    assert!(rules.reachable(game.state(), "red").unwrap().is_empty());
    assert_eq!(
        rules.reachable(game.state(), "green").unwrap_err().rule,
        "engine"
    );
    assert_eq!(rules.parse_hex("-2,0"), Some(start));
    assert_eq!(rules.hex_label(start), "-2,0");
    assert_eq!(rules.parse_hex("9,9"), None);
}

#[test]
fn step_as_refuses_the_side_that_is_not_to_act() {
    let mut game = Game::new(rules(), 1);
    let err = game.step_as(Side(1), &Action::Plan(1)).unwrap_err();
    assert_eq!(err.rule, "engine");
    game.step_as(Side(0), &Action::Plan(1)).unwrap();
    assert_eq!(game.last_events_for(Side(1)).count(), 1);
}

#[test]
fn legal_actions_of_the_actors_observation_equal_those_of_the_state() {
    let rules = rules();
    for seed in 0..50 {
        let mut game = Game::new(rules.clone(), seed);
        while let Actor::Player(_) | Actor::Chance(_) = game.actor() {
            if let Actor::Player(side) = game.actor() {
                let seen = rules.observation(game.state(), side);
                let mut a = Vec::new();
                let mut b = Vec::new();
                rules.legal_actions(&seen, &mut a);
                rules.legal_actions(game.state(), &mut b);
                assert_eq!(a, b);
            }
            game.step_random().unwrap();
        }
    }
}

#[test]
fn side_deserialises_only_zero_or_one() {
    assert_eq!(serde_json::from_str::<Side>("1").unwrap(), Side(1));
    assert!(serde_json::from_str::<Side>("2").is_err());
}

#[test]
fn restore_refuses_a_record_made_under_other_rules() {
    let mut game = Game::new(rules(), 8);
    game.play_random(10).unwrap();
    let mut saved = game.snapshot();
    saved.rules = "pg/rossbach".into();
    assert!(matches!(
        Game::restore(rules(), saved),
        Err(ReplayError::WrongRules { .. })
    ));
}

#[test]
fn path_actions_walk_the_reachable_path() {
    let mut game = Game::new(rules(), 1);
    game.step(&Action::Plan(1)).unwrap();
    game.step(&Action::Plan(1)).unwrap();
    let rules = game.rules().clone();
    let to = grognard::hex::Hex::new(0, 0);
    let steps = rules.path_actions(game.state(), "blue", to).unwrap();
    assert_eq!(steps.len(), 2);
    for a in &steps {
        game.step(a).unwrap();
    }
    assert_eq!(game.state().pos[0], to);
    let far = grognard::hex::Hex::new(3, 0);
    assert_eq!(
        rules
            .path_actions(game.state(), "blue", far)
            .unwrap_err()
            .rule,
        "T2.1"
    );
}

#[test]
fn expand_chance_gives_the_exact_distribution_of_an_attack() {
    use grognard::engine::expand_chance;
    let mut game = game_at_attack(4);
    game.step(&Action::Brace).unwrap();
    let rules = game.rules().clone();
    let dist = expand_chance(&rules, game.state(), 100).unwrap();
    // Braced: 5 or 6 hits (2/6), 1-4 miss (4/6); all misses are one state.
    assert_eq!(dist.len(), 2);
    let hit = dist.iter().find(|(s, _)| s.hp[1] == 1).unwrap().1;
    let miss = dist.iter().find(|(s, _)| s.hp[1] == 2).unwrap().1;
    assert_eq!(hit, Prob::new(1, 3));
    assert_eq!(miss, Prob::new(2, 3));
    assert!(matches!(
        expand_chance(&rules, game.state(), 0),
        Err(grognard::engine::ChanceError::TooManyNodes(0))
    ));
    // A player node expands to itself.
    let mut before = game_at_attack(4);
    let here = expand_chance(&rules, before.state(), 10).unwrap();
    assert_eq!(here, vec![(before.state().clone(), Prob::ONE)]);
    assert_eq!(before.legal_actions().len(), 2);
}
