"""What a snippet file declares about itself: directives and named regions.

Directives are comment lines of the form ``# snippet: key=value ...``:

* ``raises=TypeName`` — the snippet is expected to raise this exception (or a subclass); the page
  shows the real type and message. Not raising, or raising something else, is an error.
* ``timeout=SECONDS`` — overrides the default time limit.
* ``threads=N`` — intra-op threads for torch (default 1, so outputs do not depend on the machine).
* ``tolerance=N`` — how many units in the last printed digit a printed float may move between
  machines and still match the snapshot (default 1; ``0`` compares the text exactly). See
  ``compare``.
* ``needs=vector-kernels`` — the output depends on vectorized CPU code (Inductor's generated
  vector kernels, or a speed claim that needs them). Every AVX2 x86-64 and every ARM64 CPU has
  it; under ``ATEN_CPU_CAPABILITY=default`` on x86-64 the portability check skips the snippet,
  saying so, and any other run fails it (see ``machine.unsupported``).

Regions use the pymdown-extensions snippet-section markers, so they read familiar:
``# --8<-- [start:name]`` ... ``# --8<-- [end:name]``. Directive lines and markers are hidden
from the source a page shows.
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from fieldguide.engine.compare import DEFAULT_TOLERANCE
from fieldguide.engine.notebooks import python_source

DIRECTIVE = re.compile(r"^\s*#\s*snippet:(?P<body>.*)$")
REGION = re.compile(r"^\s*#\s*--8<--\s*\[(?P<kind>start|end):(?P<name>[A-Za-z0-9_-]+)\]\s*$")
KNOWN_KEYS = {"raises", "timeout", "threads", "tolerance", "needs"}
KNOWN_NEEDS = {"vector-kernels"}
EXCEPTION_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


class SnippetError(Exception):
    """A problem with a snippet file itself, reported as ``path:line: message``."""

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Snippet:
    """A parsed snippet: its repo-relative path, source text, directives and regions."""

    rel: str
    source: str
    raises: str | None = None
    timeout: float | None = None
    threads: int = 1
    regions: dict[str, tuple[int, int]] = field(default_factory=dict)
    tolerance: int = DEFAULT_TOLERANCE
    needs: frozenset[str] = frozenset()

    def display_lines(self, region: str | None = None) -> list[str]:
        """Source lines a page shows: one region (or all), without directives or markers."""
        lines = self.source.splitlines()
        if region is not None:
            if region not in self.regions:
                raise SnippetError(self.rel, 1, f"no region named {region!r}")
            start, end = self.regions[region]
            lines = lines[start:end]
        return [ln for ln in lines if not DIRECTIVE.match(ln) and not REGION.match(ln)]


MAX_TIMEOUT = 3600.0  # seconds: a longer limit is a typo, not a slow snippet
MAX_THREADS = 64


def parse(rel: str, source: str) -> Snippet:
    """Parse directives and regions of ``source``; raise :class:`SnippetError` on bad ones."""
    options: dict[str, tuple[str, int]] = {}  # value, line
    regions: dict[str, tuple[int, int]] = {}
    open_regions: dict[str, int] = {}
    for number, line in enumerate(source.splitlines(), start=1):
        directive = DIRECTIVE.match(line)
        if directive:
            try:
                items = shlex.split(directive.group("body"))
            except ValueError as exc:
                raise SnippetError(rel, number, f"cannot read directive: {exc}") from None
            for item in items:
                key, sep, value = item.partition("=")
                if not sep or key not in KNOWN_KEYS:
                    known = ", ".join(sorted(KNOWN_KEYS))
                    raise SnippetError(rel, number, f"unknown directive {item!r} (known: {known})")
                options[key] = (value, number)
            continue
        region = REGION.match(line)
        if region:
            name = region.group("name")
            if region.group("kind") == "start":
                open_regions[name] = number  # the region starts after this line
            elif name not in open_regions:
                raise SnippetError(rel, number, f"region {name!r} ends but never started")
            else:
                regions[name] = (open_regions.pop(name), number - 1)
    for name, number in open_regions.items():
        raise SnippetError(rel, number, f"region {name!r} is never closed")
    timeout = None
    if "timeout" in options:
        timeout = _number(rel, options["timeout"], "timeout", float, 0.0, MAX_TIMEOUT, "seconds")
    threads = int(_number(rel, options.get("threads", ("1", 1)), "threads", int, 1, MAX_THREADS))
    tolerance = int(
        _number(
            rel,
            options.get("tolerance", (str(DEFAULT_TOLERANCE), 1)),
            "tolerance",
            int,
            0,
            10**6,
            "units in the last printed digit",
            low_allowed=True,
        )
    )
    value, number = options.get("needs", ("", 1))
    needs = frozenset(filter(None, value.split(",")))
    if needs - KNOWN_NEEDS:
        raise SnippetError(
            rel,
            number,
            f"unknown need {', '.join(sorted(needs - KNOWN_NEEDS))!r} "
            f"(known: {', '.join(sorted(KNOWN_NEEDS))})",
        )
    raises = None
    if "raises" in options:
        raises, number = options["raises"]
        if not EXCEPTION_NAME.fullmatch(raises):
            raise SnippetError(
                rel,
                number,
                f"raises={raises!r}: name the exception class the snippet raises "
                "(`raises=RuntimeError`, `raises=torch.OutOfMemoryError`)",
            )
    return Snippet(rel, source, raises, timeout, threads, regions, tolerance, needs)


def _number(
    rel: str,
    option: tuple[str, int],
    key: str,
    kind: type[float] | type[int],
    low: float,
    high: float,
    unit: str = "",
    low_allowed: bool = False,
) -> float:
    """A directive's numeric value, checked to be finite and in range: ``low`` < value <=
    ``high`` (``low`` itself allowed if ``low_allowed`` or for integers)."""
    text, number = option
    try:
        value = kind(text)
    except ValueError:
        value = None
    in_range = (
        value is not None
        and math.isfinite(value)
        and (low <= value <= high if (low_allowed or kind is int) else low < value <= high)
    )
    if not in_range:
        lowest = f"{low:g} or more" if (low_allowed or kind is int) else f"more than {low:g}"
        what = "a whole number" if kind is int else "a number"
        suffix = f" {unit}" if unit else ""
        raise SnippetError(
            rel, number, f"{key}={text!r}: must be {what}, {lowest} and at most {high:g}{suffix}"
        )
    assert value is not None
    return value


def load(root: Path, rel: str) -> Snippet:
    """Read and parse the snippet at ``root / rel``: a script under ``snippets/`` or a notebook
    under ``docs/``, never a file outside them (``..`` or a link that leads elsewhere)."""
    path = root / rel
    allowed = root / ("docs" if rel.endswith(".ipynb") else "snippets")
    if not path.resolve().is_relative_to(allowed.resolve()):
        raise SnippetError(
            rel,
            1,
            f"not inside {allowed.relative_to(root)}/ of the repository: "
            "only the repository's own snippets run",
        )
    if not path.is_file():
        raise SnippetError(rel, 1, "snippet not found")
    return parse(rel, python_source(path))
