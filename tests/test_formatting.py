"""No line of the project's Python is kept out of ``ruff format`` by a comment that switches the
formatter off (``make lint`` checks that src, scripts, drills and tests are formatted)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("src", "scripts", "drills", "tests", "snippets", "overrides")
# (spelled in two parts, so that this file does not match itself)
SUPPRESSION = re.compile("#\\s*(?:fmt" + r":\s*(?:skip|off)|yapf:\s*disable)\b")


def suppressions(source: str) -> list[int]:
    """The lines of ``source`` that turn the formatter off."""
    return [n for n, line in enumerate(source.splitlines(), 1) if SUPPRESSION.search(line)]


def test_the_check_finds_each_form() -> None:
    assert suppressions("x = [1,  2]  # fmt" + ": skip\n# fmt" + ": off\ny = 1\n") == [1, 2]
    assert suppressions("y = [1,  2]  # yapf" + ": disable\n") == [1]
    assert suppressions("x = 1  # the format: skipped here\n") == []


def test_no_line_is_kept_out_of_the_formatter() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in CHECKED
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in suppressions(path.read_text(encoding="utf-8"))
    ]
    assert not found, found
