"""``labels``: the words the engine puts on a page, in the page's language."""

from __future__ import annotations

from fieldguide.engine import render
from fieldguide.engine.labels import LABELS, label
from fieldguide.engine.model import Outcome
from fieldguide.engine.pages import rewrite


def test_every_language_has_every_label() -> None:
    assert {language: set(words) for language, words in LABELS.items()} == {
        language: set(LABELS["en"]) for language in LABELS
    }


def test_labels_follow_the_page_language() -> None:
    outcome = Outcome("snippets/t/x.py", output="1\n", libraries={"torch": "2.13.0"})
    english = render.output_html(outcome, "output", "x.py")
    chinese = render.output_html(outcome, "output", "x.py", "zh")
    assert "Printed by" in english and "Printed by" not in chinese
    assert "在构建时打印" in chinese and "torch 2.13.0" in chinese
    assert '<p class="snippet-label">输出</p>' in chinese
    assert label("failed", "zh-Hans") == label("failed", "zh") != label("failed", "en")
    assert label("failed", "fr") == label("failed", "en")
    page = "```python illustrative\nx = 1\n```\n"
    assert 'title="示意代码：未执行"' in rewrite("p.md", page, str, label("illustrative", "zh"))
