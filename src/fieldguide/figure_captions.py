"""The caption under a figure a snippet drew: the title the snippet gave its drawing (the SVG's
``<title>``), and in the Chinese edition its translation. A title that is only code (an
expression, a flag) reads the same in both editions and needs no entry; a title in words does,
and ``tests/test_figure_captions.py`` fails on one without its translation."""

from __future__ import annotations

import html
import re

TITLE = re.compile(r"<title>(.*?)</title>", re.S)

# English title -> its Chinese caption (glossary.yml's terms).
ZH = {
    "autograd graph": "autograd 计算图",
    "The graph loss.backward() runs": "loss.backward() 执行的计算图",
    "A diamond: h feeds sin and exp": "菱形结构：h 同时流入 sin 和 exp",
    "eager: f(x, w)": "eager 模式：f(x, w)",
    "loss = (erf(w) ** 2).sum() with a custom op": "loss = (erf(w) ** 2).sum()，erf 为自定义算子",
    "One training step's graph, recorded through DDP": "经过 DDP 记录下的一个训练步的计算图",
    "autograd graph of ep.module()(x)": "ep.module()(x) 的 autograd 计算图",
    "recorded by y = (w * x**3).sum()": "由 y = (w * x**3).sum() 记录",
    "step 1: use_dropout=False": "第 1 步：use_dropout=False",
    "step 2: use_dropout=True": "第 2 步：use_dropout=True",
    "The graph of g = dy/dx, recorded because create_graph=True": (
        "g = dy/dx 的计算图：因为 create_graph=True 才被记录"
    ),
    "Where each kind of backward hook attaches": "各类反向钩子分别挂在哪里",
    "The graph one forward pass of the classifier recorded": "分类器的一次前向传播记录下的计算图",
    "Before backward: saved tensors (dashed)": "反向传播之前：保存的张量（虚线）",
    "After backward: same nodes, no saved tensors": "反向传播之后：节点不变，保存的张量已释放",
    "minigrad's graph for y = tanh(x*w + b).sum()": (
        "minigrad 为 y = tanh(x*w + b).sum() 记录的计算图"
    ),
    "torch's graph for (tanh(x*w) * exp(x*w) + x).sum()": (
        "torch 为 (tanh(x*w) * exp(x*w) + x).sum() 记录的计算图"
    ),
}

# Two words in a row make a title prose rather than code: such a title needs a Chinese caption.
PROSE = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}")


def title(svg: str) -> str:
    """The drawing's own title (the first ``<title>``), as plain text; empty if it has none."""
    found = TITLE.search(svg)
    return html.unescape(found.group(1)).strip() if found else ""


def needs_translation(english: str) -> bool:
    """Whether a title is in words (and so needs a Chinese caption), not only code."""
    return bool(PROSE.search(english))


def caption(svg: str, language: str = "en") -> str:
    """The caption of a drawing in ``language`` (``en`` or ``zh``); empty if it has no title."""
    english = title(svg)
    if language.startswith("zh"):
        return ZH.get(english, english)
    return english
