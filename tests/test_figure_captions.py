"""Figure captions: each drawing's title becomes its caption, translated where it is in words."""

from __future__ import annotations

from pathlib import Path

from fieldguide.engine.render import figure_html
from fieldguide.figure_captions import ZH, caption, needs_translation, title

ROOT = Path(__file__).resolve().parents[1]
SVG = '<svg role="img"><title>Before backward: saved tensors (dashed)</title><g/></svg>'


def test_the_caption_is_the_drawings_title_in_the_page_language() -> None:
    assert title(SVG) == "Before backward: saved tensors (dashed)"
    assert caption(SVG, "en") == "Before backward: saved tensors (dashed)"
    assert caption(SVG, "zh") == "反向传播之前：保存的张量（虚线）"
    code = "<svg><title>d = 2*sin(a) + 1</title></svg>"
    assert caption(code, "zh") == "d = 2*sin(a) + 1"  # code reads the same in both
    assert not needs_translation("d = 2*sin(a) + 1") and not needs_translation("use_branch=True")


def test_the_figure_carries_its_caption() -> None:
    html = figure_html("a-before", SVG, "zh")
    assert html.startswith('<figure class="snippet-figure" data-figure="a-before"><svg')
    caption = "反向传播之前：保存的张量（虚线）"
    assert html.endswith(
        f'<figcaption class="snippet-figure-caption">{caption}</figcaption></figure>'
    )
    assert "figcaption" not in figure_html("x", "<svg></svg>")


def test_every_title_in_words_has_a_chinese_caption() -> None:
    titles = {title(p.read_text(encoding="utf-8")) for p in ROOT.glob("snippets/**/*.svg")}
    assert titles, "no figure snapshots found"
    missing = sorted(t for t in titles if needs_translation(t) and t not in ZH)
    assert not missing, f"add a Chinese caption to fieldguide/figure_captions.py: {missing}"
