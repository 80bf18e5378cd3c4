"""The practice pages' hook, called as MkDocs calls it, over the repository's own cards and
pages, with a stand-in for the snippet hooks that answers from the committed snapshots."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mkdocs.exceptions import PluginError
from practice import deck_cache
from snippet_engine.model import Outcome
from snippet_engine.normalize import for_display

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location(
    "practice_pages", ROOT / "overrides/hooks/practice_pages.py"
)
assert spec and spec.loader
hook: Any = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hook)


def adapter(
    *,
    executes: bool = True,
    serving: bool = False,
    broken: str | None = None,
    printed: dict[str, str] | None = None,
) -> Any:
    def outcome_of(rel: str) -> Outcome:
        text = for_display((ROOT / rel).with_suffix(".out").read_text(encoding="utf-8"))
        text = (printed or {}).get(rel, text)
        if rel == broken:
            return Outcome(rel, error=f"{rel}: it raised")
        return Outcome(rel, output=text, raised=text.strip().splitlines()[-1])

    return SimpleNamespace(outcome_of=outcome_of, executes=lambda: executes,
                           serving=lambda: serving)  # fmt: skip


class Config(SimpleNamespace):
    """The parts of a MkDocs config the hook reads: paths, and ``config["hooks"]``."""

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


def page_and_config(mode: str, uri: str, tmp_path: Path, **kwargs: Any) -> tuple[Any, Config]:
    hooks = {"scripts/mkdocs_snippets.py": adapter(**kwargs)}
    config = Config(
        config_file_path=str(ROOT / "mkdocs.yml"),
        docs_dir=str(ROOT / "docs"),
        site_url="",
        hooks=hooks,
    )
    file = SimpleNamespace(src_uri=uri, abs_dest_path=str(tmp_path / "index.html"))
    return SimpleNamespace(meta={"practice": mode}, file=file), config


def render(mode: str, uri: str, tmp_path: Path, **kwargs: Any) -> str:
    page, config = page_and_config(mode, uri, tmp_path, **kwargs)
    return str(hook.on_page_markdown("# T\n\n<!-- practice -->\n", page, config, None))


def built_and_written(tmp_path: Path, **kwargs: Any) -> tuple[str, bytes]:
    """The cards page's Markdown and its Anki deck, as a build makes and writes them."""
    page, config = page_and_config("cards", "interview/self-test.md", tmp_path, **kwargs)
    markdown = str(hook.on_page_markdown("<!-- practice -->", page, config, None))
    hook.on_post_page("<html>", page, config)
    return markdown, (tmp_path / "autograd-field-guide-en.apkg").read_bytes()


def test_a_deck_is_kept_while_the_outputs_it_shows_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hook, "_kept", [deck_cache.DeckCache(tmp_path / "decks")])
    builds: list[str] = []

    def counted(*args: Any) -> Any:
        builds.append(args[2])
        return build(*args)

    build = hook.build
    monkeypatch.setattr(hook, "build", counted)
    first = built_and_written(tmp_path)
    (tmp_path / "autograd-field-guide-en.apkg").unlink()
    assert built_and_written(tmp_path) == first  # from the kept deck
    assert builds == ["en"]
    kept = list((tmp_path / "decks").iterdir())
    assert [p.suffix for p in kept] == [".json"]
    # A card's snippet printing something else builds the deck again.
    rel = "snippets/graph/leaf_vs_nonleaf.py"
    printed = {rel: (ROOT / rel).with_suffix(".out").read_text().replace("0.5000", "0.2500")}
    again, _ = built_and_written(tmp_path, printed=printed)
    assert builds == ["en", "en"]
    assert "0.2500" not in first[0] and "0.2500" in again
    assert list((tmp_path / "decks").iterdir()) == kept  # in place of the last one


def test_the_cards_page_carries_every_card_and_its_link(tmp_path: Path) -> None:
    text = render("cards", "interview/self-test.zh.md", tmp_path)
    assert 'id="practice-cards"' in text and 'data-language="zh"' in text
    assert text.count('{ data-card="') >= 100
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


def test_the_mock_interview_has_main_questions_and_follow_ups(tmp_path: Path) -> None:
    text = render("mock", "interview/mock-interview.md", tmp_path)
    assert text.count('data-kind="main"') >= 6 and text.count('data-kind="follow-up"') >= 6
    assert 'data-id="r-drill-1"' in text and 'data-id="r-drill-2"' not in text  # steps in order


def test_a_page_without_the_marker_is_refused(tmp_path: Path) -> None:
    page = SimpleNamespace(meta={"practice": "cards"}, file=SimpleNamespace(src_uri="x.md"))
    with pytest.raises(PluginError, match="needs the line <!-- practice -->"):
        hook.on_page_markdown("# T\n", page, None, None)
