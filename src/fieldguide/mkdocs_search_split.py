"""MkDocs hook: one search index per edition instead of one for both.

mkdocs-static-i18n gathers the entries of every edition into ``search/search_index.json``, so an
English query lists Chinese pages and every page downloads both languages' text. After the last
edition is built, this hook keeps the English entries there and writes the Chinese ones to
``zh/search/search_index.json``, which Chinese pages ask for
(``assets/javascripts/search-language.js``). Each index keeps the search configuration, with
two changes to ranking: a page's ``search: boost`` applies to its sections too, and a tag
weighs like a word of text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

EDITIONS = ("zh",)  # every edition but the default one, by its folder
TAG_BOOST = 10.0


def _ranked(docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``docs`` with a page's ``search: boost`` applied to its sections, which the theme leaves
    at 1. A boost below 1 lowers the sections only: a search for the page's own title still
    finds the page first, while its sections yield to pages that explain the same terms."""
    boosts = {d["location"]: d["boost"] for d in docs if "#" not in d["location"] and "boost" in d}
    ranked = []
    for doc in docs:
        page, _, section = doc["location"].partition("#")
        if page in boosts:
            weight = boosts[page] if section else max(1.0, boosts[page])
            doc = {**doc, "boost": weight}
        ranked.append(doc)
    return ranked


@event_priority(-300)  # after mkdocs-static-i18n (-100) has written the combined index
def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    combined = site / "search" / "search_index.json"
    if not combined.is_file() or not all((site / e).is_dir() for e in EDITIONS):
        return  # an edition's own nested build, or a site without editions
    index = json.loads(combined.read_text(encoding="utf-8"))
    docs = _ranked(index["docs"])
    # Tags name topics; matching one should weigh like a word of the text, not outrank every
    # page whose text explains the term (the theme weighs a tag a million times a word).
    fields = index["config"].get("fields", {})
    if "tags" in fields:
        fields["tags"] = {**fields["tags"], "boost": TAG_BOOST}
    for edition in EDITIONS:
        own = [d for d in docs if d["location"].startswith(f"{edition}/")]
        target = site / edition / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            json.dumps({**index, "docs": own}, ensure_ascii=False, separators=(",", ":")),
            encoding="utf-8",
        )
    default = [d for d in docs if not d["location"].startswith(tuple(f"{e}/" for e in EDITIONS))]
    english = {
        **index,
        "docs": default,
        "config": {**index["config"], "lang": [index["config"]["lang"][0]]},
    }
    combined.write_text(
        json.dumps(english, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )
