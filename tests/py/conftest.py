"""Shared fixtures of the Python binding's tests (run them with tests/py/run.sh)."""

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import grognard

ROOT = Path(__file__).resolve().parents[2]
CROSS = ROOT / "tests" / "fixtures" / "cross" / "pg-training.json"


@pytest.fixture(scope="session")
def cross() -> Dict[str, Any]:
    """The cross-language fixture: scenario, seed, complete action list and final hash."""
    data: Dict[str, Any] = json.loads(CROSS.read_text())
    return data


@pytest.fixture(scope="session")
def training_json() -> Dict[str, Any]:
    """The built-in training scenario's own file, as a dict."""
    data: Dict[str, Any] = json.loads((ROOT / "scenarios" / "pg" / "scenarios" / "training.json").read_text())
    return data


@pytest.fixture
def game() -> grognard.Game:
    """A fresh pg/training game, seed 7 (the Prussian to act, command phase)."""
    return grognard.Game("pg/training", 7)


@pytest.fixture
def moving(cross: Dict[str, Any]) -> grognard.Game:
    """pg/training seed 7 after the fixture's first three actions: the Prussian move phase."""
    g = grognard.Game("pg/training", 7)
    for action in cross["actions"][:3]:
        g.apply(action)
    return g


def snapshot(g: grognard.Game) -> List[Any]:
    """Everything a failing call must leave alone."""
    return [g.state_hash(), g.state(), g.history(), g.legal_actions(), g.actor]
