"""The per-edition search index: Chinese entries move to zh/, ranking rules applied."""

from __future__ import annotations

import json
import types
from pathlib import Path

from fieldguide import mkdocs_search_split as split


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "search").mkdir(parents=True)
    (site / "zh").mkdir()
    docs = [
        {"location": "graph/", "title": "Graph", "text": "grad_fn"},
        {"location": "graph/#leaves", "title": "Leaves", "text": "is_leaf"},
        {"location": "interview/", "title": "Q", "text": "grad_fn", "boost": 0.3},
        {"location": "interview/#q1", "title": "Q1", "text": "grad_fn"},
        {"location": "zh/graph/", "title": "计算图", "text": "grad_fn"},
    ]
    config = {
        "lang": ["en", "zh"],
        "separator": "[\\s]+",
        "fields": {"title": {"boost": 1000.0}, "tags": {"boost": 1000000.0}},
    }
    (site / "search" / "search_index.json").write_text(json.dumps({"config": config, "docs": docs}))
    return site


def test_each_edition_gets_its_own_entries(tmp_path: Path) -> None:
    site = _site(tmp_path)
    split.on_post_build(types.SimpleNamespace(site_dir=str(site)))
    english = json.loads((site / "search" / "search_index.json").read_text())
    chinese = json.loads((site / "zh" / "search" / "search_index.json").read_text())
    assert [d["location"] for d in chinese["docs"]] == ["zh/graph/"]
    assert not [d for d in english["docs"] if d["location"].startswith("zh/")]
    assert english["config"]["lang"] == ["en"] and chinese["config"]["lang"] == ["en", "zh"]
    assert english["config"]["fields"]["tags"]["boost"] == split.TAG_BOOST


def test_a_page_boost_below_one_lowers_its_sections_not_its_title(tmp_path: Path) -> None:
    site = _site(tmp_path)
    split.on_post_build(types.SimpleNamespace(site_dir=str(site)))
    english = {
        d["location"]: d
        for d in json.loads((site / "search" / "search_index.json").read_text())["docs"]
    }
    assert english["interview/#q1"]["boost"] == 0.3
    assert english["interview/"]["boost"] == 1.0
    assert "boost" not in english["graph/#leaves"]


def test_a_nested_edition_build_changes_nothing(tmp_path: Path) -> None:
    site = tmp_path / "zh-only"
    site.mkdir()
    split.on_post_build(types.SimpleNamespace(site_dir=str(site)))  # no index, no editions
    assert not list(site.iterdir())
