"""Whole games: the cross-language fixture, complete Prussia's Glory games, simulate and the GIL."""

import json
import threading
import time
from typing import Any, Dict, List

import pytest

import grognard


def test_cross_language_fixture_replays_to_its_hash(cross: Dict[str, Any]) -> None:
    g = grognard.Game.replay(cross["scenario"], cross["seed"], cross["actions"])
    assert g.state_hash_hex() == cross["hash"]
    assert g.state_hash() == int(cross["hash"], 16)
    assert g.is_terminal
    assert g.outcome == cross["outcome"]
    assert len(g.history()) == cross["steps"] == len(cross["actions"])


def test_cross_language_fixture_by_single_steps(cross: Dict[str, Any]) -> None:
    """The same list through apply() (dicts and bare names) and through apply_index()."""
    by_apply = grognard.Game(cross["scenario"], cross["seed"])
    by_index = grognard.Game(cross["scenario"], cross["seed"])
    for action in cross["actions"]:
        by_apply.apply(action)
        by_index.apply_index(by_index.legal_actions().index(action))
    assert by_apply.state_hash_hex() == by_index.state_hash_hex() == cross["hash"]


def test_cross_language_fixture_is_random_play_of_its_seed(cross: Dict[str, Any]) -> None:
    g = grognard.Game(cross["scenario"], cross["seed"])
    result = g.play_random()
    assert result == {"steps": cross["steps"], "outcome": cross["outcome"]}
    assert [h["action"] for h in g.history()] == cross["actions"]
    assert g.state_hash_hex() == cross["hash"]


def test_a_complete_training_game_step_by_step() -> None:
    g = grognard.Game("pg/training", 2024)
    steps = 0
    seen_chance = seen_players = False
    while not g.is_terminal:
        actor = g.actor
        if "chance" in actor:
            seen_chance = True
            g.roll()
        else:
            seen_players = True
            assert actor["player"] in (0, 1)
            count = g.action_count()
            assert count > 0
            g.apply_index(steps % count)
        steps += 1
        assert steps < 100_000
    assert seen_chance and seen_players
    outcome = g.outcome
    assert outcome is not None and outcome["winner"] in (0, 1, None)
    assert outcome == g.actor["terminal"]
    assert len(g.history()) == steps
    back = grognard.Game.from_json(g.to_json())
    assert back.is_terminal and back.state_hash() == g.state_hash()


def test_rossbach_plays_to_the_end() -> None:
    g = grognard.Game("pg/rossbach", 1)
    result = g.play_random()
    assert result["outcome"] is not None and g.is_terminal
    assert result["steps"] == len(g.history()) > 100
    assert set(result["outcome"]) >= {"winner", "level", "points", "rule"}
    sim = grognard.simulate("pg/rossbach", 1, seed=1)
    assert sim[0]["seed"] == 1 and sim[0]["outcome"] == result["outcome"]
    assert sim[0]["hash"] == g.state_hash_hex() and sim[0]["steps"] == result["steps"]


@pytest.mark.parametrize("scenario", ["pg/leuthen", "pg/torgau", "pg/zorndorf"])
def test_every_pg_battle_plays_to_the_end(scenario: str) -> None:
    [result] = grognard.simulate(scenario, 1, seed=5)
    assert result["outcome"] is not None


def test_simulate_results_match_single_games() -> None:
    results = grognard.simulate("pg/training", 6, seed=40, bots=["greedy", "random"])
    assert [r["seed"] for r in results] == list(range(40, 46))
    for r in results:
        assert set(r) == {"seed", "steps", "outcome", "hash"}
        g = grognard.Game("pg/training", r["seed"])
        alone = g.play_bots(["greedy", "random"])
        assert alone == {"steps": r["steps"], "outcome": r["outcome"], "hash": r["hash"]}


def test_simulate_does_not_depend_on_the_thread_count() -> None:
    runs = [grognard.simulate("pg/training", 23, seed=100, threads=t) for t in (1, 2, 3, 8, 64)]
    runs.append(grognard.simulate("pg/training", 23, seed=100))
    for other in runs[1:]:
        assert other == runs[0]
    assert len({r["hash"] for r in runs[0]}) > 1


def test_simulate_arguments() -> None:
    assert grognard.simulate("pg/training", 0) == []
    one = grognard.simulate("pg/training", 1, 3, "greedy")
    assert one == grognard.simulate("pg/training", 1, 3, bots=("greedy", "greedy"))
    short = grognard.simulate("pg/training", 2, max_steps=5)
    assert all(r["steps"] == 5 and r["outcome"] is None for r in short)
    wrapped = grognard.simulate("pg/training", 2, seed=2**64 - 1)
    assert [r["seed"] for r in wrapped] == [2**64 - 1, 0]
    with pytest.raises(ValueError, match="at least 1"):
        grognard.simulate("pg/training", 1, threads=0)
    with pytest.raises(ValueError, match="2 names"):
        grognard.simulate("pg/training", 1, bots=["random"] * 3)
    with pytest.raises(grognard.BadJson):
        grognard.simulate("pg/training", 0, bot="nobody")
    with pytest.raises(grognard.UnknownScenario):
        grognard.simulate("hov/austerlitz", 0)
    with pytest.raises(TypeError):
        grognard.simulate("pg/training", 1, 0, "random", "random")  # type: ignore[misc]
    with pytest.raises(OverflowError):
        grognard.simulate("pg/training", -1)


def share_of_time_others_ran(call: Any) -> float:
    """The share of 10 ms slices of `call()` in which a pure-Python thread made progress.

    A call that holds the GIL lets the other thread run in at most the slice it starts in;
    a call that releases it lets it run in (nearly) all of them.
    """
    stamps: List[float] = []
    stop = threading.Event()

    def count() -> None:
        i = 0
        while not stop.is_set():
            i += 1
            if i % 200 == 0:
                stamps.append(time.perf_counter())

    worker = threading.Thread(target=count)
    worker.start()
    time.sleep(0.05)  # let the counter start
    t0 = time.perf_counter()
    call()
    t1 = time.perf_counter()
    stop.set()
    worker.join()
    assert t1 - t0 > 0.1, "the call should be long enough to measure"
    slices = {int((s - t0) / 0.01) for s in stamps if t0 <= s <= t1}
    return len(slices) / max(1, int((t1 - t0) / 0.01))


def test_the_measure_sees_a_call_holding_the_gil() -> None:
    big = json.dumps([list(range(50))] * 100_000)
    assert share_of_time_others_ran(lambda: json.loads(big)) < 0.2


def test_simulate_releases_the_gil() -> None:
    share = share_of_time_others_ran(lambda: grognard.simulate("pg/rossbach", 80, threads=1))
    assert share > 0.5, share


def test_long_game_calls_release_the_gil() -> None:
    def play() -> None:
        for seed in range(48):
            grognard.Game("pg/rossbach", seed).play_random()

    assert share_of_time_others_ran(play) > 0.5

    long_game = grognard.Game("pg/rossbach", 3)
    long_game.play_random()
    history = [h["action"] for h in long_game.history()]

    def replay() -> None:
        for _ in range(48):
            grognard.Game.replay("pg/rossbach", 3, history)

    assert share_of_time_others_ran(replay) > 0.5


def test_a_game_shared_by_threads_stays_consistent() -> None:
    """Two threads play one game (one random, one reading); the lock keeps each call whole."""
    g = grognard.Game("pg/training", 9)
    reads: List[int] = []
    errors: List[BaseException] = []

    def player() -> None:
        try:
            while g.step_random() is not None:
                pass
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    def reader() -> None:
        try:
            while not g.is_terminal:
                reads.append(len(g.history()))
                g.state()
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=player), threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert g.is_terminal
    assert reads == sorted(reads)
    alone = grognard.Game("pg/training", 9)
    alone.play_random()
    assert alone.state_hash() == g.state_hash()
