"""Games from a position (docs/json.md, "Positions"): Game.from_state."""

import json

import pytest

import grognard


def _played(scenario: str, seed: int, steps: int) -> grognard.Game:
    g = grognard.Game(scenario, seed)
    for _ in range(steps):
        if g.step_random() is None:
            break
    return g


@pytest.mark.parametrize("scenario", ["pg/rossbach", "nbs/austerlitz-1"])
def test_round_trip_dict_and_text(scenario: str) -> None:
    g = _played(scenario, 3, 80)
    state = g.state()
    for given in (state, json.dumps(state)):
        p = grognard.Game.from_state(scenario, given, seed=9)
        assert p.state_hash() == g.state_hash()
        assert p.history() == []
        assert p.seed == 9
        p.step_random()
        back = grognard.Game.from_json(p.to_json())
        assert back.state_hash() == p.state_hash()


def test_edited_position_plays() -> None:
    g = _played("pg/rossbach", 5, 150)
    state = g.state()
    on_map = [i for i, u in enumerate(state["units"]) if u["off"] == "no"]
    state["units"][on_map[0]]["morale"] = "disordered"
    p = grognard.Game.from_state("pg/rossbach", state)
    assert p.state()["units"][on_map[0]]["morale"] == "disordered"
    assert p.action_count() > 0 or p.is_terminal
    p.play_random(50)


def test_refusals_name_field_and_rule() -> None:
    g = _played("pg/rossbach", 2, 60)
    state = g.state()
    bad = dict(state, turn=99)
    with pytest.raises(grognard.BadPosition) as e:
        grognard.Game.from_state("pg/rossbach", bad)
    assert e.value.path == "turn" and e.value.rule == "3.0"
    assert isinstance(e.value, ValueError)

    unknown = json.loads(json.dumps(state))
    unknown["units"][2]["colour"] = "blue"
    with pytest.raises(grognard.BadJson) as j:
        grognard.Game.from_state("pg/rossbach", unknown)
    assert j.value.details["path"] == "units[2].colour"

    with pytest.raises(grognard.UnknownScenario):
        grognard.Game.from_state("pg/nowhere", state)
