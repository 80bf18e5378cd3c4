"""The entries of the errors section as the explain-this-error cards need them: the id, the
page, the snippet whose raised message the entry shows, and whether it shows a wrong fix."""

from __future__ import annotations

import re
from pathlib import Path

from fieldguide.engine.pages import scan
from fieldguide.practice.cards import ErrorEntry

ENTRY = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[A-Za-z0-9_-]+)\}\s*$")
WRONG_FIX = {"en": "**The tempting wrong fix.**", "zh": "**看似可行的错误修法。**"}


def read(docs: Path) -> list[ErrorEntry]:
    """Every entry of the English errors pages, in page order (the Chinese pages have the same
    entries: the i18n check and the section's test hold them to it)."""
    found: list[ErrorEntry] = []
    for page in sorted((docs / "errors").glob("*.md")):
        if page.name.endswith(".zh.md") or page.name == "index.md":
            continue
        text = page.read_text(encoding="utf-8")
        references, _ = scan(page.name, text)
        starts: list[tuple[int, str]] = []
        for n, line in enumerate(text.splitlines(), 1):
            match = ENTRY.match(line)
            if match:
                starts.append((n, match["id"]))
        lines = text.splitlines()
        for index, (start, anchor) in enumerate(starts):
            end = starts[index + 1][0] if index + 1 < len(starts) else len(lines) + 1
            body = "\n".join(lines[start : end - 1])
            message = [
                r.snippet for r in references if start < r.line < end and r.show == "message"
            ]
            if message:
                found.append(
                    ErrorEntry(anchor, page.name, page.stem, message[0], WRONG_FIX["en"] in body)
                )
    return found
