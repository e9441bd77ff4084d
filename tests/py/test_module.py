"""Module-level calls: version, systems, scenarios, add_data, exported names and stubs."""

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

import grognard

PACKAGE = Path(grognard.__file__).resolve().parent


def test_version_is_the_workspace_version() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", grognard.__version__)
    cargo = (Path(__file__).resolve().parents[2] / "Cargo.toml").read_text()
    assert f'version = "{grognard.__version__}"' in cargo


def test_systems_lists_the_catalogue_with_pg_implemented() -> None:
    systems = grognard.systems()
    assert [s["id"] for s in systems][:4] == ["pg", "hov", "fontenoy", "nbs"]
    pg = systems[0]
    assert pg == {
        "id": "pg",
        "name": "Prussia's Glory",
        "sides": ["Prussian", "Coalition"],
        "dice": ["1d6"],
        "implemented": True,
    }
    assert all(isinstance(s["implemented"], bool) for s in systems)


def test_scenarios_are_sorted_and_include_the_pg_battles() -> None:
    scenarios = grognard.scenarios()
    ids = [s["id"] for s in scenarios]
    assert ids == sorted(ids)
    for wanted in ["pg/rossbach", "pg/training", "pg/leuthen", "pg/torgau", "pg/zorndorf"]:
        assert wanted in ids
    rossbach = next(s for s in scenarios if s["id"] == "pg/rossbach")
    assert rossbach["system"] == "pg" and rossbach["implemented"] is True
    assert isinstance(rossbach["provisional"], list)
    assert all(isinstance(p, str) for p in rossbach["provisional"])


def test_add_data_adds_a_scenario_to_the_library(training_json: Dict[str, Any]) -> None:
    data = dict(training_json, id="pg/training-py-added", name="Added from Python")
    answer = grognard.add_data("pg/training-py-added.json", json.dumps(data))
    assert answer == {"id": "pg/training-py-added", "kind": "scenario"}
    assert "pg/training-py-added" in [s["id"] for s in grognard.scenarios()]
    g = grognard.Game("pg/training-py-added", 7)
    assert g.scenario == "pg/training-py-added"
    same = grognard.Game("pg/training", 7)
    assert g.legal_actions() == same.legal_actions()
    # A saved game of the added scenario reloads through the same process-wide library.
    g.play_random(40)
    assert grognard.Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_add_data_rejects_bad_files() -> None:
    with pytest.raises(grognard.DataError) as e:
        grognard.add_data("broken.json", "not json")
    assert e.value.code == "data"
    assert e.value.details["file"] == "broken.json"
    assert e.value.rule is None
    with pytest.raises(grognard.DataError) as e:
        grognard.add_data("empty.json", "{}")
    assert e.value.details["path"] == "format"
    with pytest.raises(TypeError):
        grognard.add_data("x.json", {"format": "grognard/1"})  # type: ignore[arg-type]


def stub_names() -> Dict[str, ast.AST]:
    tree = ast.parse((PACKAGE / "_grognard.pyi").read_text())
    names: Dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    names[t.id] = node
    return names


def test_every_name_of_the_stub_exists_at_runtime() -> None:
    native = importlib.import_module("grognard._grognard")
    names = stub_names()
    public = {n for n in names if not n.startswith("_") or n in ("__version__", "__all__")}
    assert public >= {"Game", "systems", "scenarios", "add_data", "simulate", "__version__"}
    for name in public:
        assert hasattr(native, name), name
        assert hasattr(grognard, name), name
    game = names["Game"]
    assert isinstance(game, ast.ClassDef)
    for member in game.body:
        if isinstance(member, ast.FunctionDef):
            assert hasattr(grognard.Game, member.name), member.name


def test_package_exports_and_marker() -> None:
    assert (PACKAGE / "py.typed").exists()
    for name in grognard.__all__:
        assert hasattr(grognard, name), name
    assert grognard.Game.__module__ == "grognard"


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_stubtest_finds_the_stubs_exact(tmp_path: Path) -> None:
    env = dict(os.environ, MYPY_CACHE_DIR=str(tmp_path / "mypy-cache"))
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "grognard"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert run.returncode == 0, run.stdout + run.stderr
