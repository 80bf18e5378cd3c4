"""The errors section: one entry per message, each in the same order of parts, in both editions.

An entry is a ``##`` heading that quotes the stable part of a message, then the message as a
snippet raised it (``show=message``), the reproduction, what happened (linked to the page that
explains it), the fix (a snippet that runs and shows it works), optionally the tempting wrong
fix (executed too) and the threads where people hit it. The index page lists every message in
alphabetical order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fixtures.errors_section import ERRORS, ROOT, Entry, entries, family_pages

from fieldguide.engine.pages import Reference
from fieldguide.engine.spec import load

MINIMUM_ENTRIES = 60

LABELS = {  # the parts of an entry, in order: (label, required)
    "en": [
        ("Reproduce it.", False),
        ("What happened.", True),
        ("The fix.", True),
        ("The tempting wrong fix.", False),
        ("Where people hit it.", True),
    ],
    "zh": [
        ("复现。", False),
        ("原因。", True),
        ("修法。", True),
        ("看似可行的错误修法。", False),
        ("真实案例。", True),
    ],
}
LABEL = re.compile(r"^\*\*(?P<label>[^*]+)\*\*")
THREAD = re.compile(
    r"\]\((?P<url>https://(?:github\.com/[\w.-]+/[\w.-]+/(?:issues|pull|discussions)/"
    r"\d+|discuss\.pytorch\.org/t/[^)\s]+|stackoverflow\.com/questions/\d+[^)\s]*|"
    r"discuss\.ai\.google\.dev/[^)\s]+|forums\.developer\.nvidia\.com/[^)\s]+))\)"
)
MECHANISM = re.compile(r"\]\((?P<target>\.\./(?!errors/)[^)#\s]+\.md(?:#[^)\s]+)?)\)")


def parts(entry: Entry, language: str) -> dict[str, list[tuple[int, str]]]:
    """The entry's numbered lines grouped under its bold labels ('' for those before the
    first)."""
    grouped: dict[str, list[tuple[int, str]]] = {"": []}
    current = ""
    for number, line in enumerate(entry.lines, entry.line + 1):
        match = LABEL.match(line)
        if match and match["label"] in dict(LABELS[language]):
            current = match["label"]
            assert current not in grouped, f"{entry.where()}: {current!r} twice"
            grouped[current] = []
        grouped[current].append((number, line))
    return grouped


def raised_message(snippet: str) -> str:
    """What the snippet's committed snapshot says it raised, on one line."""
    spec = load(ROOT, snippet)
    assert spec.raises, f"{snippet}: show=message needs `# snippet: raises=...`"
    snapshot = (ROOT / snippet).with_suffix(".out").read_text(encoding="utf-8")
    return " ".join(snapshot.split())


def references_in(entry: Entry, lines: list[tuple[int, str]]) -> list[Reference]:
    numbers = {number for number, _ in lines}
    return [r for r in entry.references if r.line in numbers]


def text_of(lines: list[tuple[int, str]]) -> str:
    return "\n".join(line for _, line in lines)


PAGES = [(p, "en") for p in family_pages("en")] + [(p, "zh") for p in family_pages("zh")]


@pytest.mark.parametrize(
    ("page", "language"), PAGES, ids=[p.name.removesuffix(".md") for p, _ in PAGES]
)
def test_every_entry_has_its_parts_in_order(page: Path, language: str) -> None:
    found = entries(page)
    assert found, f"{page.relative_to(ROOT)}: no entries yet"
    order = [label for label, _ in LABELS[language]]
    for entry in found:
        grouped = parts(entry, language)
        labels = [label for label in grouped if label]
        assert labels == sorted(labels, key=order.index), f"{entry.where()}: parts out of order"
        for label, required in LABELS[language]:
            assert not required or label in grouped, f"{entry.where()}: no {label!r}"
        first = entry.references[0] if entry.references else None
        assert first is not None and first.show == "message", (
            f"{entry.where()}: the first thing after the heading is the message "
            "({* snippets/... show=message *})"
        )
        assert not [line for _, line in grouped[""] if line.strip() and "{*" not in line], (
            f"{entry.where()}: text between the heading's message and the first label"
        )
        title = " ".join(entry.title.split())
        assert title in raised_message(first.snippet), (
            f"{entry.where()}: the heading is not part of the message {first.snippet} raised"
        )
        fix_label, wrong_label = order[2], order[3]
        fixes = references_in(entry, grouped[fix_label])
        assert fixes and all(r.shows_output for r in fixes), (
            f"{entry.where()}: the fix needs a snippet whose output the page shows"
        )
        for ref in fixes:
            assert not load(ROOT, ref.snippet).raises, f"{entry.where()}: the fix raises"
        if wrong_label in grouped:
            wrong = references_in(entry, grouped[wrong_label])
            assert wrong and all(r.shows_output for r in wrong), (
                f"{entry.where()}: the wrong fix needs a snippet whose output the page shows"
            )
        explained = text_of(grouped[order[1]])
        assert MECHANISM.search(explained), (
            f"{entry.where()}: what happened links no page that explains the mechanism"
        )
        threads = {m["url"] for m in THREAD.finditer(text_of(grouped[order[4]]))}
        assert len(threads) >= 2, f"{entry.where()}: cite at least two threads"


def test_ids_are_unique_and_each_edition_has_the_same_entries() -> None:
    english = {p.name: entries(p) for p in family_pages("en")}
    ids = [e.anchor for found in english.values() for e in found]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    for name, found in english.items():
        chinese = ERRORS / name.replace(".md", ".zh.md")
        assert [(e.title, e.anchor) for e in entries(chinese)] == [
            (e.title, e.anchor) for e in found
        ], f"{chinese.name}: not the same entries"


def test_the_section_holds_enough_entries() -> None:
    count = sum(len(entries(p)) for p in family_pages("en"))
    assert count >= MINIMUM_ENTRIES, f"{count} entries"


INDEX_LINK = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<page>[\w.-]+\.md)#(?P<id>[\w-]+)\)")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_index_lists_every_message_alphabetically(language: str) -> None:
    index = ERRORS / ("index.zh.md" if language == "zh" else "index.md")
    listed = [
        (m["title"], m["page"], m["id"])
        for line in index.read_text("utf-8").splitlines()
        if (m := INDEX_LINK.match(line))
    ]
    wanted = sorted(
        ((e.title, p.name, e.anchor) for p in family_pages("en") for e in entries(p)),
        key=lambda t: t[0].casefold(),
    )
    assert listed == wanted
