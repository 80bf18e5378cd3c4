"""What a page's code shows of a snippet, against what the snippet prints.

A page may show a snippet whole or in named regions (excerpts). Its output block is honest only if
the lines that print are among those the page shows; otherwise the block is labelled as the whole
script's output. A page that shows a snippet whole and also in excerpts repeats the same lines
in two blocks: that is a problem, reported with the page's line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fieldguide.engine.pages import Reference
from fieldguide.engine.spec import DIRECTIVE, REGION, Snippet

# A line that writes what the output block shows: text, a warning, a figure.
PRINTS = re.compile(
    r"\bprint\(|\bpprint\(|\bsys\.std(?:out|err)\.write\(|\bwarnings\.warn\(|\.show\("
    r"|\bsave_(?:svg|matplotlib)\(|\bautograd_graph\.draw\("
)


def printing_lines(snippet: Snippet) -> set[int]:
    """0-based numbers of the source lines that print (directives and markers aside)."""
    lines = snippet.source.splitlines()
    return {
        n
        for n, line in enumerate(lines)
        if PRINTS.search(line.split("#", 1)[0]) and not DIRECTIVE.match(line)
    }


def shown_lines(snippet: Snippet, regions: Iterable[str | None]) -> set[int]:
    """0-based numbers of the source lines that references showing ``regions`` put on a page
    (``None``: the whole script)."""
    shown: set[int] = set()
    every = len(snippet.source.splitlines())
    for region in regions:
        start, end = (0, every) if region is None else snippet.regions.get(region, (0, 0))
        shown.update(range(start, end))
    lines = snippet.source.splitlines()
    return {n for n in shown if not REGION.match(lines[n])}


def prints_unseen(snippet: Snippet, regions: Iterable[str | None]) -> bool:
    """Whether the snippet prints from a line the page does not show."""
    return not printing_lines(snippet) <= shown_lines(snippet, regions)


def repeated(page: str, references: list[Reference]) -> list[str]:
    """``page:line: ...`` for each snippet a page shows both whole and in excerpts."""
    found = []
    for snippet in dict.fromkeys(r.snippet for r in references):
        sources = [r for r in references if r.snippet == snippet and r.show in ("source", "both")]
        whole = [r for r in sources if r.region is None]
        excerpts = [r for r in sources if r.region is not None]
        if whole and excerpts:
            found.append(
                f"{page}:{whole[0].line}: {snippet} is shown whole here and in excerpts (line "
                f"{excerpts[0].line}): show it once, whole or in its regions"
            )
    return found
