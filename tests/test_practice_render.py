"""The practice pages' generated Markdown: data safe inside a script element, answers that keep
their links when they move to another page, and no snippet carried along unseen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fieldguide.practice import render
from fieldguide.practice.answers import Block, Chain, FollowUp, Question, follow_ups
from fieldguide.practice.render import inline_html, mock_page, script_json


def test_script_json_cannot_close_its_element() -> None:
    text = script_json({"output": "</script><!-- x"})
    assert "</script" not in text and "<!--" not in text
    assert json.loads(text.replace("<\\/", "</").replace("<\\!--", "<!--")) == {
        "output": "</script><!-- x"
    }


def test_inline_html_escapes_and_keeps_code() -> None:
    assert inline_html("use `a<b` & go") == "use <code>a&lt;b</code> &amp; go"


def test_a_page_title_is_shown_without_its_heading_id(tmp_path: Path) -> None:
    (tmp_path / "graph").mkdir()
    (tmp_path / "graph" / "index.md").write_text("# Recording the graph\n", encoding="utf-8")
    (tmp_path / "graph" / "index.zh.md").write_text(
        "# 记录计算图 { #recording-the-graph }\n", encoding="utf-8"
    )
    assert render.page_title(tmp_path, "graph/index.md#a", "zh") == "记录计算图"
    assert render.page_title(tmp_path, "graph/index.md", "en") == "Recording the graph"


def test_no_title_of_the_real_pages_keeps_attr_list_syntax() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs"
    for page in sorted(docs.rglob("*.zh.md")):
        explains = str(page.relative_to(docs)).replace(".zh.md", ".md")
        assert "{" not in render.page_title(docs, explains, "zh"), page


def question(body: str, anchor: str = "q", follow: str = "") -> Question:
    blocks = [
        Block("success", "30-second answer", 2, "short"),
        Block("success", "90-second answer", 3, body),
    ]
    if follow:
        blocks.append(Block("question", "Follow-ups", 4, follow))
    return Question(Path("docs/interview/follow-ups.md"), 1, "Q", anchor, "Q", blocks)


def test_a_model_answer_links_back_to_its_own_page() -> None:
    main = question("see [there](#x) and [page](../graph/index.md)", "m")
    target = question("the follow-up's answer", "q")
    chain = Chain(main, [(FollowUp("And then?", "follow-ups.md", "q"), target)])
    text = mock_page([chain], "en")
    assert "[there](follow-ups.md#x)" in text and "[page](../graph/index.md)" in text
    assert 'data-kind="main" data-id="m"' in text and 'data-kind="follow-up" data-id="q"' in text
    assert '<div class="mock-follow-up-prompt" data-id="q" markdown>\n\nAnd then?' in text


def test_a_model_answer_with_a_snippet_is_refused() -> None:
    main = question("{* snippets/graph/x.py *}", "m")
    with pytest.raises(ValueError, match="embeds a snippet"):
        mock_page([Chain(main, [(FollowUp("Next?", "follow-ups.md", "q"), question("a"))])], "en")


def test_follow_ups_are_read_from_their_block_in_order() -> None:
    main = question("a", "m", "- [Why?](#q)\n- [And how?](errors.md#e-x)")
    assert follow_ups(main, "en") == [
        FollowUp("Why?", "follow-ups.md", "q"),
        FollowUp("And how?", "errors.md", "e-x"),
    ]
    with pytest.raises(ValueError, match="not a follow-up link"):
        follow_ups(question("a", "m", "- Why, without a link?"), "en")
