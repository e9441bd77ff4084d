"""The bad-input suite (docs/bad-input.md) through the Python binding.

Every case of tests/fixtures/bad_input/cases.tsv raises its GrognardError subclass (or, where
the case says so for Python, the Python exception a conversion raises first) with a message
holding its needles, and leaves the game, or the process-wide library, as it was. Inputs are
bytes; they are decoded with ``surrogateescape``, so bytes that are not UTF-8 become lone
surrogates, which the binding refuses as the str they are.
"""

import builtins
import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import grognard
from conftest import snapshot

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fixtures" / "bad_input" / "cases.tsv"
FIELDS = ["name", "entry", "base", "arg", "input", "edits", "code", "status", "needle",
          "layers", "about"]


def unhex(s: str) -> bytes:
    return b"" if s == "-" else bytes.fromhex(s)


def literal(s: str) -> bytes:
    out = b""
    for chunk in s.split("+"):
        if "*" in chunk:
            h, n = chunk.split("*")
            out += unhex(h) * int(n)
        else:
            out += unhex(chunk)
    return out


def load_cases() -> List[Dict[str, Any]]:
    cases = []
    for line in CASES.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        assert len(fields) == len(FIELDS), line
        cases.append(dict(zip(FIELDS, fields)))
    return cases


def needles_of(s: str) -> List[str]:
    return [] if s == "-" else [n for n in s.split(" | ") if n]


def python_expectation(case: Dict[str, Any]) -> Tuple[str, Optional[str], List[str]]:
    """(what, exception class name or None, needles): what is "skip:REASON" or "run"."""
    code, exc, needles = case["code"], None, needles_of(case["needle"])
    if case["layers"] != "-":
        for d in case["layers"].split(" ; "):
            head, rest = d.split(": ", 1)
            layer, verb = head.split(" ")
            if layer != "py":
                continue
            if verb == "skip":
                return "skip:" + rest, None, []
            parts = rest.split(" | ")
            needles = [n for n in parts[1:] if n]
            if verb == "expect":
                code = parts[0]
            elif verb == "raises":
                exc = parts[0]
    case["code"] = code
    return "run", exc, needles


def base_game(base: str) -> grognard.Game:
    scenario, rest = base.split("@")
    seed, steps = rest.split("+")
    g = grognard.Game(scenario, int(seed))
    for _ in range(int(steps)):
        g.step_random()
    return g


def open_actions(g: grognard.Game) -> List[Any]:
    legal: List[Any] = g.legal_actions()
    return legal or [o["action"] for o in g.chance_outcomes()]


def call(case: Dict[str, Any], game: Optional[grognard.Game], text: str) -> Any:
    entry, arg = case["entry"], case["arg"]
    if entry == "add_data":
        return grognard.add_data(arg, text)
    if entry == "scenario_json":
        return grognard.Game.from_scenario_json(text, int(arg))
    if entry == "new_game":
        return grognard.Game(text, int(arg))
    if entry == "replay":
        scenario, rest = case["base"].split("@")
        return grognard.Game.replay(scenario, int(rest.split("+")[0]), text)
    if entry == "load":
        return grognard.Game.from_json(text)
    if entry == "from_state":
        return grognard.Game.from_state(case["base"].split("@")[0], text, int(arg))
    assert game is not None
    if entry == "apply":
        return game.apply(text)
    if entry == "apply_index":
        return game.apply_index(int(arg))
    if entry == "stale_after_undo":
        before = open_actions(game)
        game.step_random()
        stale = [a for a in open_actions(game) if a not in before]
        game.undo()
        assert stale, "no action became legal after the step"
        return game.apply(stale[0])
    if entry == "undo":
        return game.undo()
    if entry == "roll_value":
        return game.roll(value=int(arg))
    if entry == "observation":
        return game.observation(int(arg))
    if entry == "reachable":
        return game.reachable(text)
    if entry == "path_actions":
        return game.path_actions(text, arg)
    raise AssertionError(f"unknown entry {entry}")


ALL = load_cases()


def test_the_suite_is_large_enough() -> None:
    assert len(ALL) >= 40


@pytest.mark.parametrize("case", ALL, ids=[c["name"] for c in ALL])
def test_bad_input(case: Dict[str, Any]) -> None:
    case = dict(case)
    what, exc_name, needles = python_expectation(case)
    if what.startswith("skip:"):
        pytest.skip(what[5:])
    game = base_game(case["base"]) if case["base"] != "-" else None
    if case["input"] == "@state":
        assert game is not None
        data = json.dumps(game.state(), separators=(",", ":")).encode()
    elif case["input"] == "@save":
        assert game is not None
        data = game.to_json().encode()
    elif case["input"].startswith("@"):
        data = (ROOT / case["input"][1:]).read_bytes()
    else:
        data = literal(case["input"])
    if case["edits"] != "-":
        for edit in case["edits"].split(","):
            find, with_ = (unhex(x) for x in edit.split(">"))
            assert find in data, f"edit target {find!r} not found in the input"
            data = data.replace(find, with_, 1)
    text = data.decode("utf-8", "surrogateescape")
    scenarios_before = grognard.scenarios()
    before = snapshot(game) if game is not None and case["entry"] not in ("replay", "load") else None

    if case["code"] == "none":
        assert call(case, game, text) is None
    else:
        cls: type = grognard.GrognardError if exc_name is None else getattr(builtins, exc_name)
        with pytest.raises(cls) as e:
            call(case, game, text)
        message = str(e.value)
        if exc_name is None:
            assert isinstance(e.value, grognard.GrognardError)
            assert e.value.code == case["code"], message
            assert e.value.details["error"] == case["code"]
        for n in needles:
            assert n in message, f"message {message!r} lacks {n!r}"

    if before is not None:
        assert game is not None
        assert snapshot(game) == before, "the game changed"
    assert grognard.scenarios() == scenarios_before, "the list of scenarios changed"
    if case["entry"] == "add_data":
        good = grognard.Game("pg/training", 1)
        good.play_random(200)
