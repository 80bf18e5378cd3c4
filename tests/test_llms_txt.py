"""``fieldguide.llms_txt``: the index and each page's Markdown copy with its outputs written out."""

from __future__ import annotations

from fieldguide.engine.model import Outcome
from fieldguide.engine.spec import parse
from fieldguide.llms_txt import Link, Section, fence, index, page_copy

SOURCE = 'import torch\n# --8<-- [start:core]\nprint("x ``` y")\n# --8<-- [end:core]\n'


def snippet(rel: str):  # type: ignore[no-untyped-def]
    return parse(rel, SOURCE)


def outcome(rel: str) -> Outcome:
    return Outcome(rel, output="x ``` y\n", raised="ValueError: broken")


def test_a_fence_is_longer_than_any_run_of_backticks_inside() -> None:
    assert fence("a ````` b", "text").startswith("``````text")
    assert fence("plain", "") == "```\nplain\n```"


def test_references_are_written_out_with_their_indentation() -> None:
    page = (
        "# Page\n\n{* snippets/t/a.py region=core *}\n\n"
        '!!! note "n"\n    {* snippets/t/a.py show=message *}\n'
    )
    copy = page_copy("docs/page.md", page, snippet, outcome)
    assert "{*" not in copy and "--8<--" not in copy and "import torch" not in copy
    assert '````python title="snippets/t/a.py"\nprint("x ``` y")\n````' in copy
    assert '````text title="output of snippets/t/a.py"\nx ``` y\n````' in copy
    assert "    ```text title=message\n    ValueError: broken\n    ```" in copy


def test_the_index_lists_sections_and_links() -> None:
    text = index("Site", "What it is.", "More.", [Section("Part", [Link("P", "https://x/p/")])])
    assert text == "# Site\n\n> What it is.\n\nMore.\n\n## Part\n\n- [P](https://x/p/)\n"
