"""``engine.excerpts``: an output block is labelled as the whole script's when the page does not
show every line that printed it; a snippet shown whole and in excerpts on one page is refused."""

from __future__ import annotations

from fieldguide.engine.excerpts import printing_lines, prints_unseen, repeated
from fieldguide.engine.pages import scan
from fieldguide.engine.spec import parse

SOURCE = """\
# snippet: timeout=10
import torch
# --8<-- [start:build]
x = torch.ones(2, requires_grad=True)
y = (x * 2).sum()
# --8<-- [end:build]
# --8<-- [start:report]
print(y.grad_fn)  # the node
# --8<-- [end:report]
warnings.warn("late")  # a warning is output too
"""


def test_printing_lines_are_found_not_in_comments() -> None:
    snippet = parse("snippets/t/a.py", SOURCE + "# print(never)\n")
    assert printing_lines(snippet) == {7, 9}


def test_an_excerpt_that_omits_a_printing_line_is_not_the_whole_output() -> None:
    snippet = parse("snippets/t/a.py", SOURCE)
    assert prints_unseen(snippet, ["build"])
    assert prints_unseen(snippet, ["build", "report"])  # the warning is outside both
    assert not prints_unseen(snippet, [None])
    assert prints_unseen(snippet, [])  # output alone, its code on no part of the page


def test_a_snippet_shown_whole_and_in_excerpts_is_a_problem() -> None:
    page = "{* snippets/t/a.py region=build *}\n\n{* snippets/t/a.py show=source repeat=yes *}\n"
    references, _ = scan("docs/p.md", page)
    assert repeated("docs/p.md", references) == [
        "docs/p.md:3: snippets/t/a.py is shown whole here and in excerpts (line 1): show it "
        "once, whole or in its regions"
    ]
    assert repeated("docs/p.md", references[:1]) == []
