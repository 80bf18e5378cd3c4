"""``render``: the source fence and the output block a page embeds."""

from __future__ import annotations

import html
import re

from fieldguide.engine import render
from fieldguide.engine.model import Outcome
from fieldguide.engine.pages import Reference
from fieldguide.engine.spec import parse


def test_source_fence_outgrows_backtick_runs_and_keeps_indent() -> None:
    snippet = parse("snippets/t/a.py", 'x = "````"\n# snippet: timeout=3\ny = "`"\n')
    ref = Reference("docs/p.md", 3, "    ", "snippets/t/a.py", hl="2", title='say "hi"')
    fence = render.source_fence(snippet, ref).splitlines()
    assert fence == [
        '    `````python title="say \'hi\'" hl_lines="2"',
        '    x = "````"',
        '    y = "`"',
        "    `````",
    ]


def test_output_html_escapes_everything_printed() -> None:
    printed = '<script>alert(1)</script>\n</pre>\n"quoted" & {{ x }}\n'
    outcome = Outcome("snippets/t/<a>.py", output=printed, libraries={"torch": "2.13.0+cpu"})
    block = render.output_html(outcome, "both", "../snippets/t/a.py")
    assert "<script>" not in block
    assert "</pre>\n" not in block.split('<pre class="snippet-text"><code>')[1].split("</code>")[0]
    code = block.split('<pre class="snippet-text"><code>')[1].split("</code></pre>")[0]
    assert html.unescape(code) == printed
    assert 'data-snippet="snippets/t/&lt;a&gt;.py"' in block
    assert f"Python {outcome.python} · torch 2.13.0+cpu" in block
    assert block.index('<p class="snippet-label">Output</p>') < block.index("snippet-text")


def test_a_long_output_folds_after_its_first_lines() -> None:
    printed = "".join(f"line {n}\n" for n in range(1, 41))
    block = render.output_html(Outcome("snippets/t/a.py", output=printed), "output", "a.py")
    shown, rest = [
        html.unescape(m)
        for m in re.findall(r'<pre class="snippet-text[^"]*"><code>(.*?)</code></pre>', block, re.S)
    ]
    assert shown + rest == printed  # nothing lost, nothing repeated
    assert shown.splitlines()[-1] == f"line {render.FOLD_AFTER}"
    assert "<summary>Show the other 15 lines</summary>" in block
    short = "".join(f"line {n}\n" for n in range(1, render.FOLD_MIN))
    assert "<details" not in render.output_html(Outcome("s.py", output=short), "output", "s.py")


def test_output_html_for_figures_only() -> None:
    outcome = Outcome("snippets/t/a.py", output="text\n", figures={"g": "<svg></svg>"})
    block = render.output_html(outcome, "figure", "a.py")
    assert "snippet-text" not in block
    assert '<figure class="snippet-figure" data-figure="g"><svg></svg></figure>' in block
