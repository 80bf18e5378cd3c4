"""Reading times: what counts as prose, how each language is timed, and the home pages'
figures filled in from the pages themselves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fieldguide.reading_time import MARKER, duration, fill, minutes, page_text, prose, section

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_code_outputs_math_and_markup_are_not_read() -> None:
    page = (
        "---\nsearch: x\n---\n# Title {#id}\n\nSome `code` and a [link](x.md#y).\n\n"
        "```python\nhidden = 1\n```\n\n{* snippets/a.py *}\n\n\\( a^2 \\) <b>bold</b>\n"
        '??? success "Answer"\n    ````text\n    hidden too\n    ````\n'
    )
    text = prose(page)
    for gone in ("hidden", "snippets", "x.md", "search", "a^2", "<b>", "id}"):
        assert gone not in text
    assert "Some code and a link" in " ".join(
        text.replace("`", "").replace("[", "").replace("]", "").split()
    )


def test_each_language_reads_at_its_pace() -> None:
    assert minutes("word " * 400, "en") == 2
    assert minutes("字" * 300 + " two words", "zh") == pytest.approx(1 + 2 / 200)


def test_durations_read_as_sentences() -> None:
    assert duration(50, "en") == "50 minutes" and duration(61, "en") == "1 hour 1 minute"
    assert duration(130, "en", short=True) == "2 h 10 min" and duration(120, "en") == "2 hours"
    assert duration(155, "zh") == "2 小时 35 分钟" and duration(58, "zh") == "58 分钟"


def test_a_section_counts_its_pages_in_one_edition(tmp_path: Path) -> None:
    folder = tmp_path / "sec"
    folder.mkdir()
    (folder / "a.md").write_text("word " * 201)
    (folder / "a.zh.md").write_text("字" * 10)
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["word " * 10]},
            {"cell_type": "code", "source": ["x = 1 " * 999]},
        ]
    }
    (folder / "b.ipynb").write_text(json.dumps(notebook))
    assert "x = 1" not in page_text(folder / "b.ipynb")
    english = section(tmp_path, "sec", "en")
    assert (english.pages, english.minutes) == (2, 2 + 1)
    assert section(tmp_path, "sec", "zh").pages == 1
    assert fill("<!-- pages sec --> · <!-- min sec -->", tmp_path, "en") == "2 pages · 3 min"
    with pytest.raises(ValueError, match="no pages in docs/none/"):
        fill("<!-- minutes none -->", tmp_path, "en")


@pytest.mark.parametrize("page,language", [("index.md", "en"), ("index.zh.md", "zh")])
def test_the_home_pages_state_no_figure_by_hand(page: str, language: str) -> None:
    source = (DOCS / page).read_text(encoding="utf-8")
    assert MARKER.search(source)
    # every reading time and page count is a marker: none written as a number
    assert not re.search(r"(?i)\babout \d+ min|约 ?\d+ ?分钟|\d+ (?:pages|页) ·", source)
    filled = fill(source, DOCS, language)
    assert not MARKER.search(filled)
    interview = section(DOCS, "interview", language)
    unit = "页" if language == "zh" else "pages"
    assert f"{interview.pages} {unit}" in filled


def test_every_page_shows_its_reading_time_under_its_title() -> None:
    from fieldguide.reading_time import under_title

    page = "```text\n# not a title\n```\n# Title {#t}\n\n" + "word " * 450
    lines = under_title(page, "en").split("\n")
    assert lines[3:7] == [
        "# Title {#t}",
        "",
        '<p class="reading-time" data-search-exclude>3 min read</p>',
        "",
    ]
    assert "阅读约 1 分钟" in under_title("# 标题\n\n" + "字" * 20, "zh")
    assert under_title("no title here", "en") == "no title here"
