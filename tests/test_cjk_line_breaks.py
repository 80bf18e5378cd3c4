"""``cjk_line_breaks``: a soft line break between Chinese characters renders as nothing."""

from __future__ import annotations

import markdown
import pytest


def render(text: str) -> str:
    return markdown.markdown(
        text, extensions=["fieldguide.extensions.cjk_line_breaks", "fenced_code"]
    )


@pytest.mark.parametrize(
    ("source", "html"),
    [
        ("反向传播从损失\n开始。", "<p>反向传播从损失开始。</p>"),
        ("它保存了输入，\n之后才用到。", "<p>它保存了输入，之后才用到。</p>"),
        ("调用 **backward**。\n然后", "<p>调用 <strong>backward</strong>。然后</p>"),
        ("这是**保存的\n张量**", "<p>这是<strong>保存的张量</strong></p>"),
        ("结果是，\n`grad_fn` 为空", "<p>结果是，<code>grad_fn</code> 为空</p>"),
        ("调用\n`backward()` 之后", "<p>调用\n<code>backward()</code> 之后</p>"),  # a real space
        ("the graph\nis freed", "<p>the graph\nis freed</p>"),
        ("**原因。** 打开日志", "<p><strong>原因。</strong>打开日志</p>"),  # lead-in: no gap
        (  # a lead-in closed by a quotation mark: no gap either
            "**“触发上限就是出错了。”** 它只是警告",
            "<p><strong>“触发上限就是出错了。”</strong>它只是警告</p>",
        ),
        ("*‘缓存’* 不是泄漏", "<p><em>‘缓存’</em>不是泄漏</p>"),
        ("a “quoted”\nline", "<p>a “quoted”\nline</p>"),  # English: the break stays
        ("**修法：** `x`", "<p><strong>修法：</strong> <code>x</code></p>"),  # before code: kept
        ("**Note.** 中文", "<p><strong>Note.</strong> 中文</p>"),  # ASCII punctuation: kept
    ],
)
def test_breaks_inside_chinese_text_are_removed(source: str, html: str) -> None:
    assert render(source) == html


def test_code_blocks_keep_their_lines() -> None:
    html = render("```\n中文\n注释\n```\n")
    assert "中文\n注释" in html


def test_indented_continuation_lines_join() -> None:
    html = markdown.markdown(
        "!!! note\n    第一行，\n    第二行。",
        extensions=["admonition", "fieldguide.extensions.cjk_line_breaks"],
    )
    assert "第一行，第二行。" in html
