"""Pasting an error message into the search box finds its entry in the errors section first,
in both editions: the message's stable part (the entry's heading), and in English the whole
line as a program printed it, with its numbers changed (another shape, another index)."""

from __future__ import annotations

import re

from fixtures.errors_section import ROOT, Entry, entries, family_pages


def _entries() -> list[tuple[str, Entry]]:
    """(page URL, entry) for every entry of the English family pages."""
    return [(f"errors/{p.stem}/", e) for p in family_pages("en") for e in entries(p)]


def _printed_line(entry: Entry) -> str:
    """The line of the message that holds the entry's heading, as the snippet printed it (a
    whole first line, or a later line of a long message without its list marker), cut at a word
    near 300 characters, with every digit changed: the same message from another program."""
    snippet = entry.references[0].snippet
    snapshot = (ROOT / snippet).with_suffix(".out").read_text(encoding="utf-8")
    words = " ".join(entry.title.split())
    line = next(line for line in snapshot.splitlines() if words in " ".join(line.split()))
    line = re.sub(r"^\s*(?:- )?", "", line)
    if len(line) > 300:
        line = line[: line.rfind(" ", 0, 300)]
    return re.sub(r"\d", lambda m: str((int(m.group()) + 3) % 10), line)


LINKS = "links => links.map(a => { const u = new URL(a.href); return u.pathname + u.hash; })"


def _first_result(search, page, query: str) -> list[str]:
    """The links (path and fragment) of the first search result after pasting ``query`` into
    the emptied search box."""
    return [link.lstrip("/") for link in search(page, query)[0]["links"]]


def _misses(search, page, prefix: str, queries: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    misses = {}
    for query, url, anchor in queries:
        links = _first_result(search, page, query)
        if (
            not links
            or not links[0].startswith(prefix + url)
            or not any(link == f"{prefix}{url}#{anchor}" for link in links)
        ):
            misses[query] = links[:3]
    return misses


def test_every_message_finds_its_entry_first_in_english(page, paste_search) -> None:
    found = _entries()
    assert found
    page.goto("/errors/")
    queries = [(e.title, url, e.anchor) for url, e in found]
    queries += [(_printed_line(e), url, e.anchor) for url, e in found]
    misses = _misses(paste_search, page, "", queries)
    assert not misses, misses
    assert not page.console_errors, page.console_errors  # the real index loaded and searched


def test_every_message_finds_its_entry_first_in_chinese(page, paste_search) -> None:
    found = _entries()
    assert found
    page.goto("/zh/errors/")
    queries = [(e.title, url, e.anchor) for url, e in found]
    misses = _misses(paste_search, page, "zh/", queries)
    assert not misses, misses
    assert not page.console_errors, page.console_errors


def test_the_index_links_every_entry(page) -> None:
    for prefix in ("", "zh/"):
        page.goto(f"/{prefix}errors/")
        hrefs = set(page.locator("article a[href*='#']").evaluate_all(LINKS))
        wanted = {f"/{prefix}{url}#{e.anchor}" for url, e in _entries()}
        assert wanted <= hrefs, sorted(wanted - hrefs)[:5]
