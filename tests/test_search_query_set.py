"""The search query set (search/queries.yml, described in search/README.md): its schema, its
counts, and that every page and section it expects exists in docs/. The browser test that runs
the queries is tests/browser/test_search_queries.py."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import yaml
from markdown.extensions.toc import slugify

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "search" / "queries.yml"
KINDS = {"api", "symptom", "concept", "synonym", "pasted"}
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{\s*#([\w.-]+)\s*\})?\s*$")


def _queries() -> list[dict[str, str]]:
    return list(yaml.safe_load(QUERIES.read_text(encoding="utf-8")))


def _page_source(path: str) -> Path | None:
    """The docs/ file of a site path (``zh/graph/``, ``errors/recording/``), or None."""
    chinese = path.startswith("zh/")
    stem = path.removeprefix("zh/").strip("/")
    suffix = ".zh" if chinese else ""
    candidates = [f"{stem}/index", stem] if stem else ["index"]
    for candidate in candidates:
        for ext in (".md", ".ipynb"):
            found = ROOT / "docs" / f"{candidate}{suffix}{ext}"
            if found.is_file():
                return found
    return None


def _heading_ids(source: Path) -> set[str]:
    """The anchors of a Markdown page's headings: an explicit ``{#id}``, or the slug the toc
    extension makes of the heading's text (code and emphasis marks dropped)."""
    ids = set()
    fenced = False
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            text = re.sub(r"[`*]", "", match[2])
            text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
            ids.add(match[3] or slugify(text, "-"))
    return ids


def test_the_set_has_its_size_and_schema() -> None:
    queries = _queries()
    assert len(queries) >= 150
    editions = Counter(q["edition"] for q in queries)
    assert editions["en"] >= 100 and editions["zh"] >= 50, editions
    for query in queries:
        assert set(query) <= {"edition", "kind", "query", "expect", "source"}, query
        assert query["edition"] in {"en", "zh"} and query["kind"] in KINDS, query
        assert query["query"].strip() and query["expect"], query
        assert query["expect"].startswith("zh/") == (query["edition"] == "zh"), query
    pasted = [q for q in queries if q["kind"] == "pasted"]
    assert len(pasted) >= 50
    for query in pasted:
        source = urlparse(query.get("source", ""))
        assert source.scheme == "https" and source.netloc, query
    assert len({(q["edition"], q["query"]) for q in queries}) == len(queries), "a repeated query"


def test_every_expected_page_and_section_exists() -> None:
    missing = []
    for query in _queries():
        path, _, anchor = query["expect"].partition("#")
        source = _page_source(path)
        if source is None:
            missing.append(f"{query['expect']}: no page")
        elif anchor and source.suffix == ".md" and anchor not in _heading_ids(source):
            missing.append(f"{query['expect']}: no section #{anchor} in {source.name}")
    assert not missing, missing
