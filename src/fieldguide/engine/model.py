"""The engine's vocabulary, with no logic: how a run ended, what the cache stores, what a page
embeds. Every module passes these records instead of dictionaries.

A snippet's process writes its :class:`RunResult` as JSON (``child``); the parent reads it back
(``runner``), normalizes its text and stores a :class:`RunRecord` in the cache (``engine``);
``judge`` turns a record into an :class:`Outcome`, which ``render`` embeds and the front ends
report. ``rel`` everywhere is a repository-relative path of a snippet or notebook.
"""

from __future__ import annotations

import platform
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_args

from fieldguide.engine.compare import DEFAULT_TOLERANCE
from fieldguide.engine.normalize import for_display

RunStatus = Literal["ok", "raised", "exit", "timeout", "signal", "overflow"]
STATUSES: tuple[str, ...] = get_args(RunStatus)


@dataclass(frozen=True)
class Raised:
    """An exception as the snippet's process saw it."""

    types: tuple[str, ...]  # qualified names of its class and bases (for ``raises=``)
    summary: str  # its last traceback line(s): ``RuntimeError: message``
    traceback: str
    line: int  # the innermost line of the snippet in its traceback (0 if absent)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Raised:
        return cls(tuple(data["types"]), data["summary"], data["traceback"], int(data["line"]))

    def to_json(self) -> dict[str, Any]:
        return {
            "types": list(self.types),
            "summary": self.summary,
            "traceback": self.traceback,
            "line": self.line,
        }


@dataclass(frozen=True)
class Change:
    """A change of the repository a snippet attempted (and the engine refused)."""

    action: str  # "wrote", "deleted", "renamed", ...
    path: str  # repository-relative
    line: int  # the snippet's line that did it (0 if unknown)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Change:
        return cls(str(data["action"]), str(data["path"]), int(data["line"]))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "path": self.path, "line": self.line}


@dataclass(frozen=True)
class RunResult:
    """How one run ended.

    ``raised`` is the exception for ``raised``, and the ``SystemExit`` for an ``ok`` or ``exit``
    run that called ``sys.exit``; ``code``, ``message`` and ``line`` describe an ``exit``;
    ``signal`` names what killed a crashed process; ``overflow`` is a run stopped for printing
    more than the output limit (``message`` says how much).
    """

    status: RunStatus
    raised: Raised | None = None
    code: int | None = None
    message: str | None = None
    line: int | None = None
    signal: str | None = None
    cpu: str | None = None  # torch's CPU kernel build (AVX512, AVX2, DEFAULT, ...), if imported
    inputs: tuple[str, ...] = ()  # repository files the run was seen to read
    changes: tuple[Change, ...] = ()  # changes of the repository it attempted (refused)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown run status {self.status!r}")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunResult:
        """The result a process wrote (``child``): an exception's fields sit beside
        ``status: raised``; a ``SystemExit`` is under ``exited``."""
        status = data["status"]
        raised = data.get("exited")
        if status == "raised":
            raised = data
        return cls(
            status=status,
            raised=Raised.from_json(raised) if raised else None,
            code=data.get("code"),
            message=data.get("message"),
            line=data.get("line") if status == "exit" else None,
            signal=data.get("signal"),
            cpu=data.get("cpu"),
            inputs=tuple(data.get("inputs", ())),
            changes=tuple(Change.from_json(c) for c in data.get("changes", ())),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status}
        if self.raised is not None:
            if self.status == "raised":
                data.update(self.raised.to_json())
            else:
                data["exited"] = self.raised.to_json()
        for name in ("code", "message", "signal", "cpu"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        if self.status == "exit" and self.line is not None:
            data["line"] = self.line
        if self.inputs:
            data["inputs"] = list(self.inputs)
        if self.changes:
            data["changes"] = [change.to_json() for change in self.changes]
        return data

    def map_text(self, change: Callable[[str], str]) -> RunResult:
        """The same result with ``change`` applied to its printed text (for ``normalize``)."""
        raised = self.raised and replace(
            self.raised,
            summary=change(self.raised.summary),
            traceback=change(self.raised.traceback),
        )
        message = change(self.message) if self.message is not None else None
        return replace(self, raised=raised, message=message)


@dataclass(frozen=True)
class RunRecord:
    """What the cache stores for one run: normalized output and how the run ended."""

    output: str
    result: RunResult
    figures: dict[str, str] = field(default_factory=dict)
    duration: float = 0.0
    inputs: dict[str, str | None] = field(default_factory=dict)  # file -> content hash
    notebook: str | None = None  # the executed notebook, for notebook pages

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunRecord:
        return cls(
            output=data["output"],
            result=RunResult.from_json(data["result"]),
            figures=dict(data.get("figures", {})),
            duration=float(data.get("duration", 0.0)),
            inputs=dict(data.get("inputs", {})),
            notebook=data.get("notebook"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "output": self.output,
            "result": self.result.to_json(),
            "figures": self.figures,
            "duration": self.duration,
            "inputs": self.inputs,
            "notebook": self.notebook,
        }


@dataclass(frozen=True)
class Helper:
    """A repository module a snippet imports: its path and the first line of its docstring."""

    rel: str
    summary: str


@dataclass
class Outcome:
    """The judged result of one snippet, ready to embed or report."""

    rel: str
    output: str = ""
    figures: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    details: str = ""
    duration: float = 0.0
    cached: bool = False
    ran: bool = False  # executed by this request (not a cache hit, a failed plan or a skip)
    drift: str | None = None
    libraries: dict[str, str] = field(default_factory=dict)
    python: str = platform.python_version()
    notebook: str | None = None
    tolerance: int = DEFAULT_TOLERANCE  # how its snapshot is compared (``compare``)
    cpu: str | None = None  # torch's CPU kernel build that ran it (AVX512, AVX2, DEFAULT, ...)
    skipped: str | None = None  # why it was not run (only with ``Engine(allow_skips=True)``)
    helpers: list[Helper] = field(default_factory=list)  # repository modules it imports
    raised: str | None = None  # the declared exception it raised, as Python prints its last line

    @property
    def display(self) -> str:
        """The text a page shows (measured values unmarked)."""
        return for_display(self.output)
