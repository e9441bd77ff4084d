"""Exceptions: their classes and fields, and bad input of every kind leaving the game alone."""

import json
import pickle
from typing import Any, Callable, Dict, List, Tuple, Type

import pytest

import grognard
from conftest import snapshot

HIERARCHY: List[Tuple[Type[Exception], str, Tuple[Type[BaseException], ...]]] = [
    (grognard.IllegalAction, "illegal", ()),
    (grognard.BadJson, "bad_json", (ValueError,)),
    (grognard.UnknownSystem, "unknown_system", ()),
    (grognard.UnknownScenario, "unknown_scenario", ()),
    (grognard.NotImplementedSystem, "not_implemented", ()),
    (grognard.DataError, "data", ()),
    (grognard.BadSave, "bad_save", ()),
    (grognard.IndexOutOfRange, "index_out_of_range", (IndexError,)),
    (grognard.BadSide, "bad_side", (ValueError,)),
    (grognard.BadPosition, "bad_position", (ValueError,)),
]


@pytest.mark.parametrize("cls,code,extra", HIERARCHY)
def test_exception_classes(cls: Any, code: str, extra: Tuple[type, ...]) -> None:
    assert issubclass(cls, grognard.GrognardError)
    assert issubclass(cls, Exception)
    for base in extra:
        assert issubclass(cls, base)
    assert cls.code == code
    details = {"error": code, "rule": "9.9", "reason": "because"}
    e = cls("message", details)
    assert str(e) == "message" and e.code == code and e.details == details
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is cls and str(back) == "message" and back.details == details
    bare = cls("only a message")
    assert bare.code == code and bare.details == {"error": code}


def test_rule_fields() -> None:
    e = grognard.IllegalAction("x", {"error": "illegal", "rule": "7.5.1", "reason": "why"})
    assert (e.rule, e.reason) == ("7.5.1", "why")
    d = grognard.DataError("x", {"error": "data", "file": "f", "path": ".", "message": "m",
                                 "rule": "2.1"})
    assert d.rule == "2.1"
    assert grognard.DataError("x", {"error": "data", "rule": None}).rule is None


def test_the_wrong_sides_action_is_illegal_with_its_rule(moving: grognard.Game) -> None:
    before = snapshot(moving)
    enemy = {"move": {"below": False, "dir": 0, "piece": {"unit": 15}}}
    with pytest.raises(grognard.IllegalAction) as e:
        moving.apply(enemy)
    assert e.value.code == "illegal"
    assert e.value.rule == "7.3"
    assert "Active player" in e.value.reason
    assert e.value.details == {"error": "illegal", "rule": "7.3", "reason": e.value.reason}
    assert "7.3" in str(e.value)
    assert snapshot(moving) == before


def test_a_player_action_at_a_chance_node_is_illegal(game: grognard.Game) -> None:
    game.apply("end_command")
    assert "chance" in game.actor
    before = snapshot(game)
    for action in ["end_command", {"move": {"below": False, "dir": 0, "piece": {"unit": 0}}}]:
        with pytest.raises(grognard.IllegalAction) as e:
            game.apply(action)
        assert e.value.rule
    assert snapshot(game) == before
    assert len(game.history()) == 1


MALFORMED = [
    '{"move": ',  # cut short
    '{"move": {}}',  # missing fields
    '"no_such_action"',
    "no_such_action",  # a bare name that is no action
    "[1, 2",
    '{"end_command": 1} trailing',
    5,
    None,
    [],
    {},
    {"move": {"below": "yes", "dir": 0, "piece": {"unit": 0}}},
]


@pytest.mark.parametrize("bad", MALFORMED, ids=repr)
def test_malformed_actions_raise_bad_json(moving: grognard.Game, bad: Any) -> None:
    before = snapshot(moving)
    with pytest.raises(grognard.BadJson) as e:
        moving.apply(bad)
    assert isinstance(e.value, ValueError)
    assert e.value.code == "bad_json"
    assert e.value.details["what"] == "action"
    assert isinstance(e.value.details["path"], str)
    assert snapshot(moving) == before


def test_bad_json_says_where(moving: grognard.Game) -> None:
    with pytest.raises(grognard.BadJson) as e:
        moving.apply({"move": {"below": False, "dir": 0}})
    assert e.value.details["path"] == "move"
    assert "piece" in e.value.details["message"]


class Opaque:
    pass


def circular() -> List[Any]:
    c: List[Any] = []
    c.append(c)
    return c


PYTHON_MISTAKES: List[Tuple[Any, Type[Exception]]] = [
    (Opaque(), TypeError),
    ({1: "int key"}, TypeError),
    ({"move": {1, 2}}, TypeError),
    (b"end_command", TypeError),
    (float("nan"), ValueError),
    ({"x": float("inf")}, ValueError),
    (2**70, ValueError),
    (circular(), ValueError),
]


@pytest.mark.parametrize("bad,exc", PYTHON_MISTAKES, ids=lambda v: type(v).__name__)
def test_python_values_with_no_json_form(moving: grognard.Game, bad: Any,
                                         exc: Type[Exception]) -> None:
    before = snapshot(moving)
    with pytest.raises(exc) as e:
        moving.apply(bad)
    assert not isinstance(e.value, grognard.GrognardError)
    assert snapshot(moving) == before


def test_a_type_error_says_where() -> None:
    g = grognard.Game("pg/training")
    with pytest.raises(TypeError, match=r"set at \$\.move\.piece"):
        g.apply({"move": {"piece": {1}}})
    with pytest.raises(TypeError, match=r"\$\[1\]"):
        grognard.Game.replay("pg/training", 0, ["end_command", object()])


def test_index_out_of_range(moving: grognard.Game) -> None:
    before = snapshot(moving)
    count = moving.action_count()
    for index in (count, count + 100, -1, -(2**40)):
        with pytest.raises(grognard.IndexOutOfRange) as e:
            moving.apply_index(index)
        assert isinstance(e.value, IndexError)
        assert e.value.details == {"error": "index_out_of_range", "index": index,
                                   "count": count}
    with pytest.raises(TypeError):
        moving.apply_index("0")  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        moving.apply_index(2**70)
    assert snapshot(moving) == before


def test_bad_side(moving: grognard.Game) -> None:
    before = snapshot(moving)
    for side in (2, 3, -1, 2**40):
        with pytest.raises(grognard.BadSide) as e:
            moving.observation(side)
        assert isinstance(e.value, ValueError)
        assert e.value.details == {"error": "bad_side", "side": side}
    assert snapshot(moving) == before


def test_reachable_and_path_actions_refusals(moving: grognard.Game) -> None:
    before = snapshot(moving)
    with pytest.raises(grognard.IllegalAction) as e:
        moving.reachable("nobody")
    assert e.value.rule == "engine"
    with pytest.raises(grognard.IllegalAction) as e:
        moving.path_actions("trn-p-drag2", "nowhere")
    assert "not a hex" in e.value.reason
    with pytest.raises(grognard.IllegalAction) as e:
        moving.path_actions("trn-p-drag2", "1010")
    assert e.value.rule == "7.3"
    with pytest.raises(TypeError):
        moving.reachable(5)  # type: ignore[arg-type]
    assert snapshot(moving) == before


def test_unknown_scenario_and_not_implemented_system() -> None:
    with pytest.raises(grognard.UnknownScenario) as e:
        grognard.Game("pg/no-such-battle")
    assert e.value.details == {"error": "unknown_scenario", "scenario": "pg/no-such-battle"}
    with pytest.raises(grognard.UnknownScenario):
        grognard.Game("chess/opening")
    # Every system is in this build (hov too): a hov id the library lacks is unknown.
    with pytest.raises(grognard.UnknownScenario) as n:
        grognard.Game("hov/austerlitz")
    assert n.value.details == {"error": "unknown_scenario", "scenario": "hov/austerlitz"}
    with pytest.raises(grognard.UnknownScenario):
        grognard.Game.replay("pg/nothing", 0, [])
    with pytest.raises(grognard.UnknownScenario):
        grognard.simulate("pg/nothing", 1)


def test_wrong_argument_types() -> None:
    with pytest.raises(TypeError):
        grognard.Game(123)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        grognard.Game("pg/training", seed="7")  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        grognard.Game("pg/training", seed=-1)
    with pytest.raises(OverflowError):
        grognard.Game("pg/training", seed=2**64)
    assert grognard.Game("pg/training", seed=2**64 - 1).seed == 2**64 - 1
    with pytest.raises(grognard.BadJson):
        grognard.Game.from_json(12)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        grognard.Game.from_json(Opaque())  # type: ignore[arg-type]


def test_scenario_json_refusals(training_json: Dict[str, Any]) -> None:
    with pytest.raises(grognard.DataError) as e:
        grognard.Game.from_scenario_json("{not json")
    assert e.value.details["file"] == "scenario.json"
    with pytest.raises(grognard.DataError) as e:
        grognard.Game.from_scenario_json(dict(training_json, system="chess"))
    assert e.value.details["path"] == "system"
    with pytest.raises(grognard.DataError):
        grognard.Game.from_scenario_json(dict(training_json, map="pg/no-map"))
    map_file = json.loads(json.dumps({"format": "grognard/1", "kind": "terrain"}))
    with pytest.raises(grognard.GrognardError):
        grognard.Game.from_scenario_json(map_file)


def test_saved_game_refusals(moving: grognard.Game) -> None:
    moving.play_random(30)
    with pytest.raises(grognard.BadJson) as e:
        grognard.Game.from_json("{")
    assert e.value.details["what"] == "saved game"
    with pytest.raises(grognard.BadJson):
        grognard.Game.from_json({})
    wrong_format = dict(moving.save(), format="grognard-game/0")
    with pytest.raises(grognard.BadJson) as e:
        grognard.Game.from_json(wrong_format)
    assert e.value.details["path"] == "format"
    tampered = moving.save()
    tampered["game"]["state"]["turn"] = 6
    with pytest.raises(grognard.BadSave) as b:
        grognard.Game.from_json(tampered)
    assert b.value.code == "bad_save" and "does not match" in b.value.details["message"]
    other_rules = moving.save()
    other_rules["game"]["rules"] = "pg/elsewhere"
    with pytest.raises(grognard.BadSave):
        grognard.Game.from_json(other_rules)
    with pytest.raises(grognard.UnknownScenario):
        grognard.Game.from_json(dict(moving.save(), scenario="pg/gone"))


def test_replay_refusals_name_the_action() -> None:
    with pytest.raises(grognard.IllegalAction) as e:
        grognard.Game.replay("pg/training", 7, ["end_command", "end_command"])
    assert e.value.rule == "4.5"
    assert e.value.reason.startswith("action 1 of the list")
    with pytest.raises(grognard.BadJson) as j:
        grognard.Game.replay("pg/training", 7, ["end_command", {"move": {}}])
    assert j.value.details["path"].startswith("[1]")
    with pytest.raises(grognard.BadJson):
        grognard.Game.replay("pg/training", 7, "[1")
    with pytest.raises(grognard.BadJson):
        grognard.Game.replay("pg/training", 7, {"not": "a list"})


def test_bots_refusals(game: grognard.Game) -> None:
    before = snapshot(game)
    with pytest.raises(grognard.BadJson) as e:
        game.step_bot("deep-blue")
    assert e.value.details["what"] == "bot"
    with pytest.raises(grognard.BadJson):
        game.play_bots(["random", "deep-blue"])
    with pytest.raises(ValueError, match="2 names"):
        game.play_bots(["random"])
    with pytest.raises(TypeError):
        game.play_bots("random")  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_no_failing_call_changes_the_game(moving: grognard.Game) -> None:
    """Every refusal above, in a row, on one game: the game is exactly as it was."""
    before = snapshot(moving)
    saved = moving.to_json()
    calls: List[Callable[[], Any]] = [
        lambda: moving.apply({"move": {"below": False, "dir": 0, "piece": {"unit": 15}}}),
        lambda: moving.apply("{oops"),
        lambda: moving.apply(Opaque()),
        lambda: moving.apply_index(10_000),
        lambda: moving.apply_index(-3),
        lambda: moving.roll(),
        lambda: moving.roll(value=4),
        lambda: moving.roll(seed=1, value=4),
        lambda: moving.observation(7),
        lambda: moving.reachable("nobody"),
        lambda: moving.path_actions("trn-p-drag2", "nowhere"),
        lambda: moving.step_bot("nobody"),
        lambda: moving.play_bots(["random", "nobody"]),
    ]
    for call in calls:
        with pytest.raises(Exception):
            call()
        assert snapshot(moving) == before
    assert moving.to_json() == saved
