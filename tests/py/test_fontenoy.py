"""The Battle of Fontenoy from Python: its scenarios with their options (F-5 to F-7 and the
scenarios' variants), options chosen for a game, the board with multi-hex formations and
facing (8.1, 9.1), and bot games that end with a result."""

import json

import pytest

import grognard


def _listed(scenario_id: str) -> dict:
    return next(s for s in grognard.scenarios() if s["id"] == scenario_id)


def test_fontenoy_scenarios_list_their_options() -> None:
    battle = _listed("fontenoy/battle")
    assert battle["system"] == "fontenoy"
    assert battle["implemented"] is True
    sunken = next(o for o in battle["options"] if o["id"] == "5.5")
    assert sunken["default"] is False
    assert "5.5" in sunken["rules"]


def test_options_chosen_for_a_game_are_kept_by_its_save() -> None:
    g = grognard.Game("fontenoy/battle", 3, options={"5.5": True})
    saved = g.save()
    scenario = json.loads(saved["scenario_json"])
    assert scenario["rules"]["options"] == {"5.5": True}
    back = grognard.Game.from_json(saved)
    assert back.state() == g.state()
    as_text = grognard.Game("fontenoy/battle", 3, options='{"5.5": true}')
    assert as_text.state_hash_hex() == g.state_hash_hex()


def test_an_option_the_scenario_does_not_offer_is_refused_by_name() -> None:
    with pytest.raises(grognard.BadJson) as err:
        grognard.Game("fontenoy/ingoldsby", 1, options={"5.5": True})
    assert "5.5" in str(err.value)
    assert "10.1e" in str(err.value)


def test_the_board_draws_formations_with_their_hexes_and_facing() -> None:
    g = grognard.Game("fontenoy/english-attack", 5)
    while g.state()["phase"] == "set_up":
        g.step_random()
    pieces = [p for p in g.board()["pieces"] if p["status"] == "on_map"]
    assert pieces
    assert all(0 <= p["facing"] < 12 for p in pieces)
    multi = [p for p in pieces if "hexes" in p]
    assert multi and all(p["hexes"][0] == p["hex"] and len(p["hexes"]) in (2, 3) for p in multi)


def test_greedy_bots_play_scenario_1_to_a_result() -> None:
    g = grognard.Game("fontenoy/ingoldsby", 1)
    result = g.play_bots(["greedy", "greedy"])
    assert result["outcome"]["level"]
    assert g.is_terminal
