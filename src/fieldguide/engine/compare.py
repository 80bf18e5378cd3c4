"""Decide whether an output is the same result as its snapshot, not the same last float digit.

CPUs with other vector units (AVX-512, AVX2, ARM NEON/SVE) and other BLAS code paths sum in
other orders, so a float printed to its full precision can change in its last digit from one
machine to the next. A snapshot check that failed on that would fail for most readers; one that
ignored numbers would let a wrong gradient through. The rule:

* An output is split into numbers and the text between them. The text must be identical,
  character for character: names, shapes, dtypes, messages, punctuation, spacing.
* A number written without a fractional part or exponent (``3``, ``69``, ``-2``), or with a
  point and no digit after it (``2.``, as torch prints a whole-valued float tensor), is exact:
  it must be identical.
* A number written with digits after the point or with an exponent (``0.1234``, ``5.2e-06``,
  ``1.0000e+00``) is *inexact*. It matches when the other side writes it in the same form (the
  same number of digits after the point, an exponent on both sides or on neither) and the two
  values differ by at most ``tolerance`` units in the last printed digit (default 1; a snippet
  may declare ``# snippet: tolerance=N``, and ``tolerance=0`` asks for identical text).

A page always shows the text that ran; only the comparison with the committed snapshot is
tolerant. Comparison is per line: numbers never span lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

DEFAULT_TOLERANCE = 1

# A number stands alone: not inside a word or a dotted version (``v2``, ``2.13.0``, ``x1``),
# but it may end a sentence (``took 1.5.``).
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?!\w|\.\w)")


@dataclass(frozen=True)
class Number:
    """One printed number: its text, and how precisely it was written."""

    text: str

    @property
    def mantissa(self) -> str:
        return re.split("[eE]", self.text)[0]

    @property
    def exponent(self) -> int | None:
        parts = re.split("[eE]", self.text)
        return int(parts[1]) if len(parts) == 2 else None

    @property
    def decimals(self) -> int:
        """Digits written after the point."""
        _, point, fraction = self.mantissa.partition(".")
        return len(fraction) if point else 0

    @property
    def exact(self) -> bool:
        """Written as a whole number: compared as text."""
        return self.exponent is None and self.decimals == 0

    @property
    def unit(self) -> Decimal:
        """One unit in the last printed digit."""
        return Decimal(1).scaleb((self.exponent or 0) - self.decimals)

    def form(self) -> tuple[int, bool]:
        return self.decimals, self.exponent is not None


def split(line: str) -> list[str]:
    """``line`` as text, number, text, number, ..., text (text pieces may be empty)."""
    pieces: list[str] = []
    last = 0
    for match in NUMBER.finditer(line):
        pieces += [line[last : match.start()], match.group()]
        last = match.end()
    return pieces + [line[last:]]


def numbers_match(expected: str, actual: str, tolerance: int) -> bool:
    """Whether two printed numbers are the same result under ``tolerance``."""
    if expected == actual:
        return True
    old, new = Number(expected), Number(actual)
    if tolerance <= 0 or old.exact or new.exact or old.form() != new.form():
        return False
    limit = tolerance * max(old.unit, new.unit)
    return abs(Decimal(old.text) - Decimal(new.text)) <= limit


def lines_match(expected: str, actual: str, tolerance: int = DEFAULT_TOLERANCE) -> bool:
    """Whether two lines are the same result: identical text, numbers within ``tolerance``."""
    if expected == actual:
        return True
    if tolerance <= 0:
        return False
    old, new = split(expected), split(actual)
    if len(old) != len(new):
        return False
    for index, (a, b) in enumerate(zip(old, new, strict=True)):
        is_number = index % 2 == 1
        if not (numbers_match(a, b, tolerance) if is_number else a == b):
            return False
    return True


def same_result(expected: str, actual: str, tolerance: int = DEFAULT_TOLERANCE) -> bool:
    """Whether ``actual`` (a whole output or SVG) is the same result as ``expected``."""
    if expected == actual:
        return True
    old, new = expected.splitlines(keepends=True), actual.splitlines(keepends=True)
    return len(old) == len(new) and all(
        lines_match(a, b, tolerance) for a, b in zip(old, new, strict=True)
    )


def aligned(expected: str, actual: str, tolerance: int = DEFAULT_TOLERANCE) -> Iterator[str]:
    """The lines of ``actual``, with each one that matches the committed line at the same
    position replaced by that line, so that a diff shows only the real changes."""
    old = expected.splitlines(keepends=True)
    for index, line in enumerate(actual.splitlines(keepends=True)):
        committed = old[index] if index < len(old) else None
        yield (
            committed if committed is not None and lines_match(committed, line, tolerance) else line
        )
