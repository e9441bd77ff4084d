"""The exceptions of grognard.

Every failure of the rules engine arrives as a subclass of :class:`GrognardError`. Its
``details`` is the engine's error as a dict (``{"error": "illegal", "rule": "7.5.1",
"reason": ...}``, shapes in docs/json.md) and ``code`` is its ``"error"`` tag. The game a
failing call was made on is left exactly as it was.
"""

from typing import Any, Dict, Mapping, Optional, Tuple

__all__ = [
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


class GrognardError(Exception):
    """Base class of every grognard error."""

    #: The engine's stable error code (``"illegal"``, ``"bad_json"``, ...).
    code: str = ""
    #: The error as the engine serialises it, ``{"error": code, ...fields}``.
    details: Dict[str, Any]

    def __init__(self, message: str, details: Optional[Mapping[str, Any]] = None) -> None:
        super().__init__(message)
        self.details = dict(details) if details else {"error": type(self).code}
        self.code = str(self.details.get("error", type(self).code))

    @property
    def message(self) -> str:
        """The message, as ``str(error)`` gives it."""
        return str(self.args[0]) if self.args else ""

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.message, self.details))


class IllegalAction(GrognardError):
    """The rules refuse the action; ``rule`` says which (``"7.5.1"``, or ``"engine"`` for a
    wrong actor or dice not being rolled) and ``reason`` why."""

    code = "illegal"
    rule: str
    reason: str

    def __init__(self, message: str, details: Optional[Mapping[str, Any]] = None) -> None:
        super().__init__(message, details)
        self.rule = str(self.details.get("rule", ""))
        self.reason = str(self.details.get("reason", ""))


class BadJson(GrognardError, ValueError):
    """Input that is not the JSON expected (``details["path"]`` points at the problem)."""

    code = "bad_json"


class UnknownSystem(GrognardError):
    """A system id that does not exist (``details["known"]`` lists those that do)."""

    code = "unknown_system"


class UnknownScenario(GrognardError):
    """A scenario id that is not in the library."""

    code = "unknown_scenario"


class NotImplementedSystem(GrognardError):
    """A known system whose rules are not in this build yet."""

    code = "not_implemented"


class DataError(GrognardError):
    """A component-data file was rejected; ``rule`` is the rule it breaks, when there is one."""

    code = "data"
    rule: Optional[str]

    def __init__(self, message: str, details: Optional[Mapping[str, Any]] = None) -> None:
        super().__init__(message, details)
        rule = self.details.get("rule")
        self.rule = None if rule is None else str(rule)


class BadSave(GrognardError):
    """A saved game that does not replay to its own state, or was made under other rules."""

    code = "bad_save"


class BadPosition(GrognardError, ValueError):
    """A position (a state to start a game from) that the scenario or the rules refuse:
    ``path`` is the field's JSON path, ``rule`` the rule it breaks, ``reason`` what is wrong."""

    code = "bad_position"
    path: str
    rule: str
    reason: str

    def __init__(self, message: str, details: Optional[Mapping[str, Any]] = None) -> None:
        super().__init__(message, details)
        self.path = str(self.details.get("path", "."))
        self.rule = str(self.details.get("rule", ""))
        self.reason = str(self.details.get("reason", ""))


class IndexOutOfRange(GrognardError, IndexError):
    """An action index past the end of the legal-action list."""

    code = "index_out_of_range"


class BadSide(GrognardError, ValueError):
    """A side other than 0 or 1."""

    code = "bad_side"
