"""The search box against the project's query set (search/queries.yml): every query is typed or
pasted into the box of its edition in Chromium, as a reader enters it, and the first results are
read. Reports hit@1 and hit@3 per edition and per kind (printed, and written beside the built
site as search-hits-<edition>.json) and holds each edition to its targets: the right page first
for 95 % of pasted messages and 90 % of everyday queries, and among the first three for 98 % of
all.

Also: the index is fetched only when a reader searches, and only the page's own edition's."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import lxml.html
import pytest
import yaml
from conftest import _enter
from fixtures.built_site import edition_urls

ROOT = Path(__file__).resolve().parents[2]
QUERIES = yaml.safe_load((ROOT / "search" / "queries.yml").read_text(encoding="utf-8"))
HIT1_PASTED = 0.95
HIT1_EVERYDAY = 0.90
HIT3 = 0.98


def _kind(query: dict[str, str]) -> str:
    return "pasted" if query["kind"] == "pasted" else "everyday"


def _outcome(query: dict[str, str], results: list[dict[str, Any]]) -> dict[str, Any]:
    """Where the expected page came among the results, and whether the first result lists the
    expected section."""
    expected, _, anchor = query["expect"].partition("#")
    pages = [r["page"].split("#")[0].lstrip("/") for r in results]
    first_links = [link.lstrip("/") for link in results[0]["links"]] if results else []
    return {
        **query,
        "found": pages[:3],
        "hit1": pages[:1] == [expected],
        "hit3": expected in pages[:3],
        "section": pages[:1] == [expected] and (not anchor or query["expect"] in first_links),
    }


def _rates(outcomes: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """hit@1, hit@3 and the first result's section, by kind, by everyday/pasted and overall."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for outcome in outcomes:
        for group in {outcome["kind"], _kind(outcome), "all"}:
            groups[group].append(outcome)
    return {
        group: {
            "n": len(rows),
            "hit1": sum(r["hit1"] for r in rows) / len(rows),
            "hit3": sum(r["hit3"] for r in rows) / len(rows),
            "section1": sum(r["section"] for r in rows) / len(rows),
        }
        for group, rows in sorted(groups.items())
    }


def _table(edition: str, rates: dict[str, dict[str, float]]) -> str:
    lines = [f"search, {edition} edition:        n   hit@1   hit@3   section@1"]
    for group, r in rates.items():
        lines.append(
            f"  {group:28} {r['n']:3.0f}  {r['hit1']:6.1%}  {r['hit3']:6.1%}  {r['section1']:6.1%}"
        )
    return "\n".join(lines)


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_the_query_set_finds_its_pages(page, site_dir: Path, edition: str) -> None:
    page.goto("/" if edition == "en" else "/zh/")
    outcomes = []
    for query in [q for q in QUERIES if q["edition"] == edition]:
        results = _enter(page, query["query"], paste=query["kind"] == "pasted")
        outcomes.append(_outcome(query, results))
    rates = _rates(outcomes)
    report = site_dir.parent / f"search-hits-{edition}.json"
    report.write_text(
        json.dumps({"rates": rates, "queries": outcomes}, ensure_ascii=False, indent=1)
    )
    table = _table(edition, rates)
    print(table)
    misses = [
        f"{o['query'][:70]!r} -> {o['found']} (wanted {o['expect']})"
        for o in outcomes
        if not o["hit1"]
    ]
    detail = table + "\nnot first:\n" + "\n".join(misses)
    assert rates["pasted"]["hit1"] >= HIT1_PASTED, detail
    assert rates["everyday"]["hit1"] >= HIT1_EVERYDAY, detail
    assert rates["all"]["hit3"] >= HIT3, detail
    assert not page.console_errors, page.console_errors


def _index_files(page: Any) -> list[str]:
    return [u for u in page.requested if "/pagefind/" in u]


def test_the_index_is_fetched_only_when_a_reader_searches(page) -> None:
    page.goto("/zh/backward/vjp-and-chain-rule/")  # a page with math, in Chinese
    page.locator("input.md-search__input").click()
    assert not _index_files(page), "the index was fetched before a search"
    _enter(page, "计算图", paste=False)
    fetched = [u for u in _index_files(page) if "/index/" in u or "/fragment/" in u]
    assert fetched and all("/zh_" in u for u in fetched), fetched
    page.requested.clear()
    page.goto("/graph/")
    assert not _index_files(page)
    _enter(page, "grad_fn", paste=True)
    fetched = [u for u in _index_files(page) if "/index/" in u or "/fragment/" in u]
    assert fetched and all("/en_" in u for u in fetched), fetched
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize(
    ("start", "query"),
    [("/", "Trying to backward through the graph a second time"), ("/zh/", "自定义算子")],
)
def test_typing_key_by_key_shows_the_whole_querys_results(page, start: str, query: str) -> None:
    """The box searches on every key; what stays is the results of the whole text, the same
    as the other tests get by entering it at once."""
    page.goto(start)
    at_once = _enter(page, query, paste=False)
    assert at_once, f"{query}: no result"
    assert _enter(page, query, paste=False, keys=True) == at_once
    assert not page.console_errors, page.console_errors


def _index_terms(site_dir: Path, edition: str) -> list[tuple[str, str]]:
    """Every index term of the edition's built pages, with the section it is on: the page's
    path, and the anchor of the heading it stands under (none under the page's title). Terms
    stand right under a heading, at the top level of the article (CONTRIBUTING.md)."""
    found = []
    for url in edition_urls(site_dir, edition):
        tree = lxml.html.parse(str(site_dir / url.lstrip("/") / "index.html"))
        for terms in tree.getroot().find_class("search-terms"):
            parent = terms.getparent()
            assert parent is not None and parent.tag == "article", (
                f"{url}: index terms inside <{parent.tag if parent is not None else ''}>, "
                "not right under a heading"
            )
            heading = next(
                (e for e in terms.itersiblings(preceding=True) if e.tag in HEADINGS), None
            )
            assert heading is not None, f"{url}: index terms under no heading"
            section = url if heading.tag == "h1" else f"{url}#{heading.get('id')}"
            words = [term.strip() for term in terms.text_content().split("·")]
            found += [(term, section) for term in words if term]
    return found


HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_an_index_term_finds_its_section_first(page, site_dir: Path, edition: str) -> None:
    """A term is on the one section that answers it best (CONTRIBUTING.md, "How search finds a
    page"): typed, word for word, it finds that section's page first, with the section listed
    first under it (or the page itself, for the terms under its title)."""
    terms = _index_terms(site_dir, edition)
    assert terms, "no index terms"
    page.goto("/" if edition == "en" else "/zh/")
    misses = []
    for term, section in terms:
        results = _enter(page, term, paste=False)
        first = results[0] if results else {"page": None, "links": []}
        expected_page = section.split("#")[0]
        if "#" in section:
            wanted = first["page"] == expected_page and first["links"][1:2] == [section]
        else:
            wanted = first["page"] == expected_page
        if not wanted:
            misses.append(f"{term!r}: {first['links'][:3]} (wanted {section})")
    assert not misses, "\n".join(misses)
    assert not page.console_errors, page.console_errors
