"""``fieldguide.descriptions``: each page's meta description comes from its own opening."""

from __future__ import annotations

from fieldguide.descriptions import description, opening


def test_the_opening_paragraph_skips_headings_code_and_references() -> None:
    page = (
        "---\ntags: [x]\n---\n# Title\n\n{* snippets/a.py *}\n\n"
        "```python illustrative\nx = 1\n```\n\n"
        "A [view](views.md) shares *memory* with `t`.\nIt is cheap.\n\nSecond paragraph.\n"
    )
    assert opening(page) == "A view shares memory with t. It is cheap."


def test_an_admonition_body_counts_and_chinese_lines_join_without_a_space() -> None:
    page = '# 标题\n\n!!! abstract "30 秒速览"\n    视图是与另一个张量\n    共享内存的张量。\n'
    assert description(page, "zh") == "视图是与另一个张量共享内存的张量。"


def test_a_long_opening_is_cut_at_a_word() -> None:
    text = description("# T\n\n" + "word " * 60 + "\n")
    assert len(text) <= 160 and text.endswith("word…")
