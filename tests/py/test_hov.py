"""The Habit of Victory from Python: its three Battle Scenarios listed (§221–§223), a greedy
game to its result (§212–§214), the readable log (leaders by name), and what each side's
observation hides (¶20: the enemy's Organization Display; ¶21: face-down leaders)."""

import pytest

import grognard

BATTLES = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]


def test_hov_battle_scenarios_are_listed_and_implemented() -> None:
    listed = {s["id"]: s for s in grognard.scenarios() if s["system"] == "hov"}
    for sid in BATTLES:
        assert listed[sid]["implemented"] is True


@pytest.mark.parametrize("sid", BATTLES)
def test_a_battle_scenario_plays_to_its_result(sid: str) -> None:
    g = grognard.Game(sid, 1)
    result = g.play_bots(["greedy", "random"])
    assert result["outcome"]["level"]
    # The scenario's score at its End Date (§214), or a sudden end (¶194: Napoleon captured).
    rule = result["outcome"]["rule"]
    assert "§21" in rule or "¶194" in rule, rule
    assert g.is_terminal
    back = grognard.Game.from_json(g.save())
    assert back.state_hash_hex() == g.state_hash_hex()


def test_the_log_names_leaders_and_the_observation_hides_enemy_strengths() -> None:
    g = grognard.Game("hov/eylau", 1)
    texts = []
    while len(texts) < 200:
        step = g.step_bot("greedy")
        assert step is not None
        texts += [e["text"] for e in step["events"]]
    assert any("[F-" in t for t in texts), texts
    state = g.state()
    french = g.observation(0)
    coalition = g.observation(1)
    # Side 0 owns the first units of the manifest; the Coalition's come later: each side sees
    # its own strengths and none of the other's.
    own = [u for u in french["units"] if u["sp"] > 0]
    assert own
    assert len([u for u in coalition["units"] if u["sp"] > 0]) > 0
    for i, u in enumerate(state["units"]):
        seen = [french["units"][i]["sp"], coalition["units"][i]["sp"]]
        assert 0 in seen or u["sp"] == 0, (i, u, seen)
    assert french["unknown"] and coalition["unknown"]
    with pytest.raises(grognard.GrognardError):
        g.observation(2)


def test_an_action_of_the_other_side_is_refused_and_changes_nothing() -> None:
    g = grognard.Game("hov/eylau", 1)
    # Play on to the French Movement Command Segment (¶45), where a command is a decision.
    for _ in range(200):
        if any(isinstance(a, dict) and "command" in a for a in g.legal_actions()):
            break
        g.step_random()
    before = g.state_hash_hex()
    with pytest.raises(grognard.IllegalAction) as err:
        g.apply({"command": {"leader": 24, "parts": []}})
    assert "¶88" in str(err.value)
    assert g.state_hash_hex() == before
