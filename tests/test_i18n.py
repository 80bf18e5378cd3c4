"""The two editions cannot drift apart silently: every English page has a Chinese page that
references the same snippets in the same order and keeps the same heading ids."""

from __future__ import annotations

from pathlib import Path

import i18n_check
import pytest

PAGES = i18n_check.english_pages()


def test_there_are_pages_to_compare() -> None:
    assert len(PAGES) > 30


@pytest.mark.parametrize("english", PAGES, ids=lambda p: str(p.relative_to(i18n_check.DOCS)))
def test_chinese_page_follows_english(english: Path) -> None:
    assert i18n_check.differences(english) == []


def test_the_check_notices_a_changed_reference(tmp_path: Path) -> None:
    english = tmp_path / "page.md"
    english.write_text("# Title\n\n{* snippets/a/b.py *}\n\n## Part\n", encoding="utf-8")
    chinese = tmp_path / "page.zh.md"
    chinese.write_text(
        "# 标题 { #title }\n\n{* snippets/a/c.py *}\n\n## 部分 { #part }\n", encoding="utf-8"
    )
    original_root = i18n_check.ROOT
    i18n_check.ROOT = tmp_path
    try:
        problems = i18n_check.differences(english)
    finally:
        i18n_check.ROOT = original_root
    assert len(problems) == 1 and "snippet references differ" in problems[0]


def test_the_check_notices_a_missing_anchor() -> None:
    english = "# Title\n\n## Why it fails\n"
    assert i18n_check.heading_ids(english) == ["title", "why-it-fails"]
    assert i18n_check.heading_ids("# 标题 { #title }\n\n## 原因\n") != ["title", "why-it-fails"]
