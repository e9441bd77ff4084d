"""grognard from Python against OpenSpiel, in one run (`tests/perf/run.sh`).

* Random play through grognard's index fast path (`action_count`, `step_index`, `step_roll`)
  in every landed scenario, against OpenSpiel's Python bindings playing random backgammon
  (a game with dice chance nodes) in the same process: steps per second of both and the ratio.
* `simulate()` (the games in Rust, the interpreter released) against the same games played by a
  Python loop, per game.
* The Habit of Victory's Battle Scenarios: random-play steps per second in Rust (`simulate`,
  one thread) and from Python (the fast path), beside the same run's OpenSpiel backgammon.

A step is one decision or one chance roll, in both libraries. Both sides draw their choices
from Python's `random` so the loop's own cost is the same.
"""

import os
import random
import sys
import time

import grognard
import pyspiel

SECONDS = float(os.environ.get("PERF_SECONDS", "3"))


def grognard_random(scenario: str, seconds: float) -> tuple[int, float, int]:
    """Random games of `scenario` through the fast path for about `seconds`."""
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        g = grognard.Game(scenario, seed)
        seed += 1
        while not g.is_terminal and steps < 50_000_000:
            if g.is_chance:
                g.step_roll()
            else:
                g.step_index(rng.randrange(g.action_count()))
            steps += 1
        games += 1
    return steps, time.perf_counter() - start, games


def openspiel_random(name: str, seconds: float) -> tuple[int, float, int]:
    """Random games of an OpenSpiel game for about `seconds` (chance outcomes sampled by their
    probabilities, as OpenSpiel's own random simulation does)."""
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return steps, time.perf_counter() - start, games


def python_loop_game(scenario: str, seed: int) -> int:
    """One game played step by step from Python with the engine's own random choice."""
    g = grognard.Game(scenario, seed)
    n = 0
    while not g.is_terminal:
        g.step_random()
        n += 1
    return n


def main() -> int:
    print(f"Python {sys.version.split()[0]}, grognard {grognard.__version__}, "
          f"OpenSpiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else '2.0.2'}, "
          f"{SECONDS:.0f} s a measure, one thread")
    bg_steps, bg_secs, bg_games = openspiel_random("backgammon", SECONDS)
    bg_rate = bg_steps / bg_secs
    print(f"openspiel backgammon        {bg_rate:>10.0f} steps/s ({bg_games} games, {bg_steps} steps)")
    worst = None
    for scenario in grognard.scenarios():
        sid = scenario["id"] if isinstance(scenario, dict) else scenario
        if isinstance(scenario, dict) and scenario.get("incomplete"):
            continue  # refused unless its provisional completion is asked for
        steps, secs, games = grognard_random(sid, SECONDS)
        r = steps / secs
        ratio = r / bg_rate
        worst = ratio if worst is None else min(worst, ratio)
        print(f"grognard {sid:<20} {r:>10.0f} steps/s ({games} games, {steps} steps): "
              f"{ratio:.2f}x OpenSpiel backgammon")
    print(f"lowest ratio to OpenSpiel backgammon: {worst:.2f}x")

    # The Habit of Victory's Battle Scenarios: random play in Rust (simulate, one thread) and
    # from Python (the fast path above), beside OpenSpiel backgammon of the same run.
    hov = [s["id"] if isinstance(s, dict) else s for s in grognard.scenarios()]
    hov = [sid for sid in hov if sid.startswith("hov/")]
    for sid in hov:
        games = rust_steps = 0
        t = time.perf_counter()
        while time.perf_counter() - t < SECONDS:
            played = grognard.simulate(sid, 4, seed=games, bot="random", threads=1)
            rust_steps += sum(r["steps"] for r in played)
            games += len(played)
        rust = rust_steps / (time.perf_counter() - t)
        steps, secs, py_games = grognard_random(sid, SECONDS)
        py = steps / secs
        print(f"hov {sid:<24} Rust {rust:>10.0f} steps/s ({games} games), "
              f"Python {py:>10.0f} steps/s ({py_games} games): "
              f"{py / bg_rate:.2f}x OpenSpiel backgammon")

    for sid in ("pg/rossbach", "nbs/austerlitz-3"):
        games = 4 if sid.startswith("pg/") else 2
        t = time.perf_counter()
        rust = grognard.simulate(sid, games, seed=0, bot="random", threads=1)
        t_rust = (time.perf_counter() - t) / games
        t = time.perf_counter()
        py_steps = [python_loop_game(sid, s) for s in range(games)]
        t_py = (time.perf_counter() - t) / games
        same = [r["steps"] for r in rust] == py_steps
        print(f"simulate {sid:<20} {t_rust * 1e3:>8.1f} ms a game in Rust, "
              f"{t_py * 1e3:>8.1f} ms from a Python loop: {t_py / t_rust:.2f}x "
              f"(same games: {'yes' if same else 'NO'})")
        if not same:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
