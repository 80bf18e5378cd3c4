"""The practice pages' hook, called as MkDocs calls it, over the repository's own cards and
pages, with a stand-in for the snippet hooks that answers from the committed snapshots."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from fieldguide.engine import Engine
from fieldguide.engine.model import Outcome
from fieldguide.engine.normalize import for_display
from fieldguide.extensions.snippets import Session
from fieldguide.plugin import FieldGuidePlugin
from fieldguide.practice.answers import LABELS, chains, pages, questions
from fieldguide.practice.cards import build

ROOT = Path(__file__).resolve().parents[1]


class FakeBatch:
    """The outcomes a build's batch would hold: each snippet's committed output."""

    def __init__(self, broken: str | None, printed: dict[str, str] | None) -> None:
        self.rels = Engine(ROOT).all_snippets()
        self.broken, self.printed = broken, printed or {}

    def get(self, rel: str) -> Outcome:
        text = for_display((ROOT / rel).with_suffix(".out").read_text(encoding="utf-8"))
        text = self.printed.get(rel, text)
        if rel == self.broken:
            return Outcome(rel, error=f"{rel}: it raised")
        return Outcome(rel, output=text, raised=text.strip().splitlines()[-1])


def plugin(
    *,
    executes: bool = True,
    serving: bool = False,
    broken: str | None = None,
    printed: dict[str, str] | None = None,
) -> FieldGuidePlugin:
    made = FieldGuidePlugin()
    made.load_config({})
    made.serving = serving
    made.engine = Engine(ROOT, execute=executes)
    made.session = Session(made.engine, FakeBatch(broken, printed))  # type: ignore[arg-type]
    return made


def page_and_config(mode: str, uri: str, tmp_path: Path) -> tuple[Any, Any]:
    config = SimpleNamespace(docs_dir=str(ROOT / "docs"), site_url="")
    file = SimpleNamespace(src_uri=uri, url="", abs_dest_path=str(tmp_path / "index.html"))
    return SimpleNamespace(meta={"practice": mode}, file=file), config


def render(mode: str, uri: str, tmp_path: Path, **kwargs: Any) -> str:
    page, config = page_and_config(mode, uri, tmp_path)
    made = plugin(**kwargs)
    return made.on_page_markdown("# T\n\n<!-- practice -->\n", page=page, config=config, files=None)  # type: ignore[arg-type]


def test_the_deck_is_written_beside_the_page(tmp_path: Path) -> None:
    page, config = page_and_config("cards", "interview/self-test.md", tmp_path)
    made = plugin()
    made.on_page_markdown("<!-- practice -->", page=page, config=config, files=None)  # type: ignore[arg-type]
    made.on_post_page("<html>", page=page, config=config)  # type: ignore[arg-type]
    assert (tmp_path / "autograd-field-guide-en.apkg").read_bytes()[:2] == b"PK"  # a zip file


def test_the_cards_show_what_the_snippets_printed(tmp_path: Path) -> None:
    rel = "snippets/graph/leaf_vs_nonleaf.py"
    printed = {rel: (ROOT / rel).with_suffix(".out").read_text().replace("0.5000", "0.2500")}
    assert "0.2500" not in render("cards", "interview/self-test.md", tmp_path)
    assert "0.2500" in render("cards", "interview/self-test.md", tmp_path, printed=printed)


def test_the_cards_page_carries_every_card_and_its_link(tmp_path: Path) -> None:
    text = render("cards", "interview/self-test.zh.md", tmp_path)
    assert 'id="practice-cards"' in text and 'data-language="zh"' in text
    batch = FakeBatch(None, None)
    deck = build(
        ROOT,
        ROOT / "docs",
        "zh",
        lambda r: batch.get(r).display,
        lambda r: str(batch.get(r).raised),
    )
    assert text.count('{ data-card="') == len(deck.cards)
    assert "(../graph/leaves-and-grad-fn.md#leaves-and-non-leaves)" in text


def test_a_failed_snippet_fails_the_build_but_not_serve(tmp_path: Path) -> None:
    broken = "snippets/graph/leaf_vs_nonleaf.py"
    with pytest.raises(PluginError, match="leaf_vs_nonleaf.py failed"):
        render("cards", "interview/self-test.md", tmp_path, broken=broken)
    shown = render("cards", "interview/self-test.md", tmp_path, broken=broken, serving=True)
    assert '!!! failure "Self-test"' in shown and "leaf_vs_nonleaf.py failed" in shown


def test_a_preview_build_says_the_cards_need_runs(tmp_path: Path) -> None:
    assert "this build ran none" in render(
        "cards", "interview/self-test.md", tmp_path, executes=False
    )


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_mock_interview_asks_each_main_question_with_its_own_follow_ups(
    tmp_path: Path, language: str
) -> None:
    page = "interview/mock-interview.md" if language == "en" else "interview/mock-interview.zh.md"
    text = render("mock", page, tmp_path)
    found = chains(ROOT / "docs", language)
    # counted from the sources: every question with a follow-ups block is a main question
    title = LABELS[language]["follow-ups"]
    blocks = sum(
        path.read_text(encoding="utf-8").count(f'??? question "{title}"')
        for path in pages(ROOT / "docs", language)
    )
    assert len(found) == blocks >= 20
    assert text.count('data-kind="main"') == len(found)
    for chain in found:
        section = text[text.index(f'data-kind="main" data-id="{chain.main.anchor}"') :]
        section = section[: section.index("</section>")]
        prompts = re.findall(r'class="mock-follow-up-prompt" data-id="([^"]+)"', section)
        assert prompts == [target.anchor for _, target in chain.steps]
        for _, target in chain.steps:  # every follow-up has its model answers on the page
            assert f'data-id="{target.anchor}" hidden' in text
    assert 'data-id="r-drill-1"' in text and 'data-kind="follow-up" data-id="r-drill-2"' in text


def test_both_editions_ask_the_same_chains() -> None:
    def shape(language: str) -> list[tuple[str | None, list[str | None]]]:
        return [
            (c.main.anchor, [t.anchor for _, t in c.steps]) for c in chains(ROOT / "docs", language)
        ]

    assert shape("en") == shape("zh")
    anchors = [q.anchor for q in questions(ROOT / "docs", "en")]
    assert len(anchors) == len(set(anchors))  # an anchor names one question of the interview


def test_a_page_without_the_marker_is_refused(tmp_path: Path) -> None:
    page, config = page_and_config("cards", "x.md", tmp_path)
    with pytest.raises(PluginError, match="needs the line <!-- practice -->"):
        plugin().on_page_markdown("# T\n", page=page, config=config, files=None)  # type: ignore[arg-type]
