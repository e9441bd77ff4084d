"""grognard: a rules engine for hex-and-counter wargames.

>>> import grognard
>>> game = grognard.Game("pg/training", seed=7)
>>> game.apply("end_command")  # doctest: +SKIP

Data crosses as plain Python values: actions, events, states and outcomes are the JSON shapes
of docs/json.md as dicts, lists, ``str`` and ``int``. Errors are the subclasses of
:class:`GrognardError`.
"""

from ._errors import (
    BadJson,
    BadSave,
    BadPosition,
    BadSide,
    DataError,
    GrognardError,
    IllegalAction,
    IndexOutOfRange,
    NotImplementedSystem,
    UnknownScenario,
    UnknownSystem,
)
from ._grognard import Game, __version__, add_data, scenarios, simulate, systems

__all__ = [
    "__version__",
    "Game",
    "systems",
    "scenarios",
    "add_data",
    "simulate",
    "GrognardError",
    "IllegalAction",
    "BadJson",
    "UnknownSystem",
    "UnknownScenario",
    "NotImplementedSystem",
    "DataError",
    "BadSave",
    "BadPosition",
    "IndexOutOfRange",
    "BadSide",
]
