"""The two editions cannot drift apart silently: every English page has a Chinese page that
references the same snippets in the same order and keeps the same heading ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide import i18n_check

PAGES = i18n_check.english_pages()
REPOSITORY_DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_check_reads_the_repositorys_pages() -> None:
    """Every page of the repository's docs/ is checked (none is left out by a wrong folder)."""
    assert i18n_check.DOCS == REPOSITORY_DOCS
    pages = [p for p in REPOSITORY_DOCS.rglob("*.md") if ".zh." not in p.name]
    pages += [p for p in REPOSITORY_DOCS.rglob("*.ipynb") if ".zh." not in p.name]
    assert len(PAGES) == len([p for p in pages if "assets" not in p.parts])


@pytest.mark.parametrize("english", PAGES, ids=lambda p: str(p.relative_to(i18n_check.DOCS)))
def test_chinese_page_follows_english(english: Path) -> None:
    assert i18n_check.differences(english) == []


def pair(tmp_path: Path, english: str, chinese: str) -> list[str]:
    (tmp_path / "page.md").write_text(english, encoding="utf-8")
    (tmp_path / "page.zh.md").write_text(chinese, encoding="utf-8")
    return i18n_check.differences(tmp_path / "page.md", root=tmp_path)


def test_the_check_notices_a_changed_reference(tmp_path: Path) -> None:
    problems = pair(
        tmp_path,
        "# Title\n\n{* snippets/a/b.py *}\n\n## Part\n",
        "# 标题 { #title }\n\n{* snippets/a/c.py *}\n\n## 部分 { #part }\n",
    )
    assert problems == [
        "page.zh.md: snippet references differ: English ['snippets/a/b.py show=both'] vs Chinese "
        "['snippets/a/c.py show=both']"
    ]


@pytest.mark.parametrize("option", ["show=output", "region=r", 'hl="2"', "repeat=yes"])
def test_the_check_notices_a_reference_shown_another_way(tmp_path: Path, option: str) -> None:
    problems = pair(
        tmp_path, "# T\n\n{* snippets/a/b.py *}\n", f"# T\n\n{{* snippets/a/b.py {option} *}}\n"
    )
    assert len(problems) == 1 and "snippet references differ" in problems[0]


def test_a_translated_title_is_allowed(tmp_path: Path) -> None:
    problems = pair(
        tmp_path,
        '# T\n\n{* snippets/a/b.py show=source title="Four rules" *}\n',
        '# T\n\n{* snippets/a/b.py show=source title="四条规则" *}\n',
    )
    assert problems == []


def test_the_check_notices_a_missing_anchor(tmp_path: Path) -> None:
    problems = pair(tmp_path, "# Title\n\n## Why it fails\n", "# 标题 { #title }\n\n## 原因\n")
    assert problems == ["page.zh.md: heading ids differ (missing ['why-it-fails'], extra ['_1'])"]


def test_a_missing_translation_is_named(tmp_path: Path) -> None:
    (tmp_path / "page.md").write_text("# T\n", encoding="utf-8")
    assert i18n_check.differences(tmp_path / "page.md", root=tmp_path) == [
        "page.zh.md: missing (translates page.md)"
    ]


def test_the_glossary_rules_out_a_variant_in_prose_but_not_in_code(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.yml"
    rule = '- en: guard\n  zh: guard\n  forbidden: ["守卫(?!条件)"]\n'
    glossary.write_text(rule, encoding="utf-8")
    terms = '<p class="search-terms" hidden>guard</p>\n'
    (tmp_path / "page.md").write_text("# T\n\nA guard.\n\n" + terms, encoding="utf-8")
    (tmp_path / "page.zh.md").write_text(
        "# T\n\n每个守卫都检查。\n\nguard（守卫条件）\n\n`守卫`\n\n```text\n守卫\n```\n\n"
        '<p class="search-terms" hidden>guard · 守卫</p>\n',
        encoding="utf-8",
    )
    assert i18n_check.differences(tmp_path / "page.md", root=tmp_path, glossary=glossary) == [
        "page.zh.md:3: '守卫': the glossary says guard is guard"
    ]


def test_index_terms_sit_under_the_same_headings_in_both_editions(tmp_path: Path) -> None:
    terms = '<p class="search-terms" hidden>x</p>'
    (tmp_path / "page.md").write_text(f"# T\n\n## A\n\n{terms}\n\n## B\n", encoding="utf-8")
    (tmp_path / "page.zh.md").write_text(
        f"# T {{ #t }}\n\n## 甲 {{ #a }}\n\n## 乙 {{ #b }}\n\n{terms}\n", encoding="utf-8"
    )
    problems = i18n_check.differences(tmp_path / "page.md", root=tmp_path)
    assert problems == [
        "page.zh.md: index terms under other headings: English ['a'] vs Chinese ['b']"
    ]
