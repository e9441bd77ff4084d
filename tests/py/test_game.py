"""The Game class: creation, reading, acting, chance, history, copies and saving."""

import copy
import json
import pickle
from typing import Any, Dict, List

import pytest

import grognard
from conftest import snapshot


def test_a_new_game_reads_back_what_made_it(game: grognard.Game) -> None:
    assert game.system == "pg"
    assert game.scenario == "pg/training"
    assert game.seed == 7
    assert game.is_terminal is False
    assert game.outcome is None
    actor = game.actor
    assert actor["player"] == 0 and actor["name"] == "Prussian"
    assert actor["prompt"]["rule"]
    assert game.history() == []
    assert grognard.Game("pg/training").seed == 0


def test_repr_names_scenario_seed_hash_and_actor(game: grognard.Game) -> None:
    text = repr(game)
    assert text.startswith("<grognard.Game pg/training seed=7 ")
    assert game.state_hash_hex() in text
    assert "Prussian to act" in text
    game.apply("end_command")
    assert "chance to act" in repr(game)


def test_state_hash_int_and_hex_agree(game: grognard.Game) -> None:
    h = game.state_hash()
    assert isinstance(h, int) and 0 <= h < 2**64
    hexed = game.state_hash_hex()
    assert len(hexed) == 16 and hexed == hexed.lower()
    assert int(hexed, 16) == h
    assert grognard.Game("pg/training", 7).state_hash() == h


def test_same_seed_same_game_different_seed_different_dice() -> None:
    a, b = grognard.Game("pg/training", 3), grognard.Game("pg/training", 3)
    assert a.play_random(60) == b.play_random(60)
    assert a.history() == b.history()
    runs = {grognard.Game("pg/training", s).play_bots()["hash"] for s in range(6)}
    assert len(runs) > 1


def test_legal_actions_and_apply_in_every_form(moving: grognard.Game) -> None:
    actions = moving.legal_actions()
    assert moving.action_count() == len(actions) > 1
    move = actions[0]
    assert isinstance(move, dict) and "move" in move
    # A dict, its JSON text and the index reach the same state.
    by_dict, by_text, by_index = moving.clone(), moving.clone(), moving.clone()
    events = by_dict.apply(move)
    assert by_text.apply(json.dumps(move)) == events
    assert by_index.apply_index(0) == events
    assert by_dict.state_hash() == by_text.state_hash() == by_index.state_hash()
    assert by_dict.state_hash() != moving.state_hash()
    for event in events:
        assert set(event) == {"rule", "text", "event"}
        assert isinstance(event["rule"], str) and isinstance(event["text"], str)
    # JSON text with surrounding whitespace is JSON text too.
    assert moving.clone().apply("  " + json.dumps(move)) == events


def test_a_bare_action_name_and_its_json_string_are_the_same(game: grognard.Game) -> None:
    assert game.legal_actions() == ["end_command"]
    other = game.clone()
    game.apply("end_command")
    other.apply('"end_command"')
    assert game.state_hash() == other.state_hash()
    assert game.history()[0]["action"] == "end_command"


def test_actions_may_use_tuples_for_lists(moving: grognard.Game) -> None:
    # Tuples are JSON arrays; the move action has no arrays, so use replay's list.
    g = grognard.Game.replay("pg/training", 7, tuple(a["action"] for a in moving.history()))
    assert g.state_hash() == moving.state_hash()


def test_chance_outcomes_are_exact_probabilities(game: grognard.Game) -> None:
    assert game.chance_outcomes() == []
    game.apply("end_command")
    assert game.actor["chance"] == {"dice": "1d6"}
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 6
    assert all(o["prob"] == {"num": 1, "den": 6} for o in outcomes)
    assert [o["action"]["roll"]["value"] for o in outcomes] == [1, 2, 3, 4, 5, 6]
    assert game.legal_actions() == [o["action"] for o in outcomes]


def test_roll_with_the_games_generator_a_seed_or_a_value(game: grognard.Game) -> None:
    game.apply("end_command")
    own, seeded, seeded2, valued = game.clone(), game.clone(), game.clone(), game.clone()

    rolled = own.roll()
    assert set(rolled) == {"action", "events"}
    assert rolled["action"]["roll"]["spec"] == "1d6"
    again = game.clone().roll()
    assert again == rolled, "the game's own generator is part of the game"

    a, b = seeded.roll(seed=99), seeded2.roll(seed=99)
    assert a == b and seeded.state_hash() == seeded2.state_hash()
    # The caller's seed leaves the game's generator alone: the next own roll is unchanged.
    assert seeded.history()[-1]["rng_before"] == own.history()[-1]["rng_before"]

    for value in range(1, 7):
        g = game.clone()
        result = g.roll(value=value)
        assert result["action"] == {"roll": {"spec": "1d6", "value": value}}
        assert result["events"] and result["events"][0]["rule"] == "4.5"
    assert valued.roll(value=3)["action"]["roll"]["value"] == 3


def test_roll_refuses_bad_requests_and_leaves_the_game(game: grognard.Game) -> None:
    before = snapshot(game)
    with pytest.raises(grognard.IllegalAction) as e:
        game.roll()
    assert e.value.rule == "engine"
    with pytest.raises(grognard.IllegalAction):
        game.roll(seed=1)
    with pytest.raises(grognard.IllegalAction):
        game.roll(value=3)
    assert snapshot(game) == before
    game.apply("end_command")
    before = snapshot(game)
    with pytest.raises(ValueError, match="not both"):
        game.roll(seed=1, value=3)
    for bad in [0, 7, 66, -1, 2**40]:
        with pytest.raises(grognard.IllegalAction) as e:
            game.roll(value=bad)
        assert e.value.rule == "engine"
    with pytest.raises(OverflowError):
        game.roll(seed=-1)
    with pytest.raises(TypeError):
        game.roll(value="3")  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_state_and_observations(moving: grognard.Game) -> None:
    state = moving.state()
    assert state["phase"] == "movement" and state["turn"] == 1
    assert isinstance(state["units"], list) and state["units"]
    for side in (0, 1):
        seen = moving.observation(side)
        assert isinstance(seen, dict) and seen
    json.dumps(state)  # plain data all the way down


def test_reachable_and_path_actions(moving: grognard.Game) -> None:
    reached = moving.reachable("trn-p-drag2")
    assert reached[0] == {"hex": "0209", "cost": 0, "path": ["0209"]}
    far = max(reached, key=lambda r: r["cost"])
    assert far["path"][0] == "0209" and far["path"][-1] == far["hex"]
    steps = moving.path_actions("trn-p-drag2", far["hex"])
    assert len(steps) == len(far["path"]) - 1
    for step in steps:
        moving.apply(step)
    # The enemy's counters do not move in the Prussian phase.
    assert moving.reachable("trn-c-cuir") == []


def test_history_undo_and_replay_agree() -> None:
    g = grognard.Game("pg/training", 7)
    hashes: List[int] = [g.state_hash()]
    states = [g.state()]
    for _ in range(80):
        step = g.step_random()
        assert step is not None and set(step) == {"actor", "action", "events"}
        hashes.append(g.state_hash())
        states.append(g.state())
    history = g.history()
    assert len(history) == 80
    assert all(set(h) == {"action", "rng_before"} for h in history)

    # Replay from bare actions, from the history entries, and from JSON text.
    actions = [h["action"] for h in history]
    for given in (actions, history, json.dumps(actions)):
        r = grognard.Game.replay("pg/training", 7, given)
        assert r.state_hash() == g.state_hash()
        # Replayed rolls are given, not drawn: the actions match, the generator notes need not.
        assert [h["action"] for h in r.history()] == actions

    # Undo walks back through the same states, returning each action.
    for i in range(80, 0, -1):
        assert g.undo() == actions[i - 1]
        assert g.state_hash() == hashes[i - 1]
        assert g.state() == states[i - 1]
    assert g.undo() is None
    assert g.history() == []

    # After undoing, the game's generator is back too: the same play follows.
    again = [g.step_random() for _ in range(80)]
    assert [s["action"] for s in again if s] == actions


def test_a_stale_action_after_undo_is_refused(game: grognard.Game) -> None:
    game.apply("end_command")
    roll = game.legal_actions()[0]
    assert game.undo() == "end_command"
    before = snapshot(game)
    with pytest.raises(grognard.IllegalAction) as e:
        game.apply(roll)
    assert e.value.rule == "4.4"  # the command phase's rule: no dice are due in it
    assert snapshot(game) == before


def test_clone_copy_and_deepcopy_are_independent(moving: grognard.Game) -> None:
    for make in (lambda g: g.clone(), copy.copy, copy.deepcopy):
        twin = make(moving)
        assert isinstance(twin, grognard.Game) and twin is not moving
        assert twin.state_hash() == moving.state_hash()
        assert twin.history() == moving.history()
        before = snapshot(moving)
        twin.play_random(50)
        assert twin.state_hash() != moving.state_hash()
        assert snapshot(moving) == before
    holder = {"game": moving}
    deep = copy.deepcopy(holder)
    assert deep["game"] is not moving and deep["game"].state_hash() == moving.state_hash()


def test_save_to_json_from_json_round_trip(moving: grognard.Game) -> None:
    moving.play_random(40)
    saved = moving.save()
    assert saved["format"] == "grognard-game/1"
    assert saved["system"] == "pg" and saved["scenario"] == "pg/training"
    assert saved["scenario_json"] is None
    text = moving.to_json()
    assert json.loads(text) == saved
    for given in (text, saved):
        back = grognard.Game.from_json(given)
        assert back.state_hash() == moving.state_hash()
        assert back.history() == moving.history()
        assert back.seed == 7
        # The generator travels with the save: both continue alike.
        assert back.play_random(30) == moving.clone().play_random(30)


def test_pickle_in_every_protocol(moving: grognard.Game) -> None:
    moving.play_random(25)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(moving, protocol=protocol))
        assert isinstance(back, grognard.Game)
        assert back.state_hash() == moving.state_hash()
        assert back.history() == moving.history()
        assert back.legal_actions() == moving.legal_actions()
    # Inside other data as well.
    data = pickle.loads(pickle.dumps({"games": [moving, moving.clone()]}))
    assert [g.state_hash() for g in data["games"]] == [moving.state_hash()] * 2


def test_a_game_from_scenario_json_saves_its_scenario(training_json: Dict[str, Any]) -> None:
    custom = dict(training_json, id="pg/training-custom", name="Custom")
    for given in (custom, json.dumps(custom)):
        g = grognard.Game.from_scenario_json(given, 7)
        assert g.scenario == "pg/training-custom"
        assert g.legal_actions() == grognard.Game("pg/training", 7).legal_actions()
        g.play_random(30)
        saved = g.save()
        assert json.loads(saved["scenario_json"])["id"] == "pg/training-custom"
        back = pickle.loads(pickle.dumps(g))
        assert back.scenario == "pg/training-custom"
        assert back.state_hash() == g.state_hash()
    assert grognard.Game.from_scenario_json(custom).seed == 0


def test_step_random_and_step_bot(game: grognard.Game) -> None:
    step = game.step_random()
    assert step is not None
    assert step["actor"]["player"] == 0 and step["action"] == "end_command"
    for bot in ("random", "greedy"):
        g = grognard.Game("pg/training", 7)
        steps = 0
        while (s := g.step_bot(bot)) is not None:
            steps += 1
            assert set(s) == {"actor", "action", "events"}
            assert steps < 100_000
        assert g.is_terminal and g.outcome is not None
        assert g.step_bot(bot) is None and g.step_random() is None


def test_play_random_and_play_bots(game: grognard.Game) -> None:
    partial = game.clone().play_random(10)
    assert partial == {"steps": 10, "outcome": None}
    result = game.play_random()
    assert result["steps"] > 10 and result["outcome"] == game.outcome
    assert game.is_terminal and "terminal" in game.actor
    assert game.action_count() == 0 and game.legal_actions() == []
    assert game.play_random() == {"steps": 0, "outcome": game.outcome}

    g = grognard.Game("pg/training", 11)
    out = g.play_bots(["greedy", "random"], max_steps=1_000_000)
    assert set(out) == {"steps", "outcome", "hash"}
    assert out["hash"] == g.state_hash_hex() and out["outcome"] == g.outcome
    g2 = grognard.Game("pg/training", 11)
    assert g2.play_bots(("greedy", "random")) == out
    assert grognard.Game("pg/training", 11).play_bots()["steps"] > 0


def test_preview_shows_each_outcome_without_applying(cross: Dict[str, Any]) -> None:
    g = grognard.Game("pg/training", 7)
    assert g.preview() is None  # no dice due
    combat = None
    for action in cross["actions"]:
        p = g.preview()
        if p is not None and any("odds" in f["name"] for f in p["facts"]):
            combat = p
            break
        g.apply(action)
    assert combat is not None, "the fixture's game has a close combat"
    before = snapshot(g)
    assert combat == g.preview()
    assert len(combat["outcomes"]) == 6
    assert sum(o["prob"]["num"] for o in combat["outcomes"]) == 6
    for outcome in combat["outcomes"]:
        assert outcome["events"] and all(e["rule"] for e in outcome["events"])
    assert snapshot(g) == before
    # Each outcome's events are those that rolling that value gives.
    for outcome in combat["outcomes"]:
        twin = g.clone()
        events = twin.apply(outcome["action"])
        assert [(e["rule"], e["text"]) for e in events] == [
            (e["rule"], e["text"]) for e in outcome["events"]
        ]


def test_board_names_every_hex_and_counter() -> None:
    g = grognard.Game("pg/training", seed=1)
    b = g.board()
    assert b is not None
    ids = {h["id"] for h in b["hexes"]}
    assert "0707" in ids
    assert all(p["hex"] is None or p["hex"] in ids for p in b["pieces"])
    assert len(b["pieces"]) > 0
