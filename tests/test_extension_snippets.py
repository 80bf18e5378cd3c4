"""``fieldguide.extensions.snippets``: references rendered by plain Python-Markdown, no MkDocs."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import markdown
import pytest
from fixtures.snippet_repo import SUBPROCESS_LIMIT, Repo, tool_env

from fieldguide.extensions.snippets import PageInfo, Session, SnippetsExtension

EXTENSIONS = ["admonition", "pymdownx.superfences", "pymdownx.highlight", "pymdownx.tabbed"]


def convert(repo: Repo, text: str, page: PageInfo | None = None) -> tuple[str, Session]:
    """``text`` converted with a session made for it, as a build makes one for its pages."""
    session = Session.for_pages(repo.engine(), {"docs/index.md": text})
    session.page = page or PageInfo("docs/index.md", "index.html")
    extension = SnippetsExtension()
    extension.current = session
    return markdown.markdown(text, extensions=[*EXTENSIONS, extension]), session


@pytest.fixture
def fine(repo: Repo) -> Repo:
    repo.write("snippets/t/fine.py", 'print("fine <b>&</b>")\n')
    repo.record("snippets/t/fine.py")
    return repo


def test_source_and_output_with_the_anchor_on_the_output_block(fine: Repo) -> None:
    html, session = convert(fine, "# Page\n\n{* snippets/t/fine.py *}\n")
    assert '<span class="filename">snippets/t/fine.py</span>' in html
    assert 'id="output-t-fine"' in html and 'class="snippet-output"' in html
    assert '<pre class="snippet-text"><code>fine &lt;b&gt;&amp;&lt;/b&gt;\n</code></pre>' in html
    assert '<a href="snippets/t/fine.py">' in html  # relative to the page's URL
    assert session.finish() == []


@pytest.mark.parametrize(
    "text",
    [
        '!!! note "Inside"\n    {* snippets/t/fine.py show=output *}\n',
        '=== "Tab"\n\n    {* snippets/t/fine.py show=output *}\n',
        "- item\n\n    {* snippets/t/fine.py show=output *}\n",
    ],
    ids=["admonition", "tab", "list item"],
)
def test_an_output_renders_inside_containers(fine: Repo, text: str) -> None:
    html, _ = convert(fine, text)
    assert html.count('class="snippet-output"') == 1
    assert "fieldguide-output" not in html


def test_links_are_relative_to_the_page(fine: Repo) -> None:
    html, _ = convert(fine, "{* snippets/t/fine.py show=output *}\n", PageInfo("p", "a/b/"))
    assert '<a href="../../snippets/t/fine.py">' in html


def test_problems_are_shown_and_reported_with_page_and_line(fine: Repo) -> None:
    fine.write("snippets/t/fails.py", 'print("partial")\nraise ValueError("broken")\n')
    text = "# Page\n\n{* snippets/t/fails.py *}\n\n{* snippets/t/fine.py region=missing *}\n"
    html, session = convert(fine, text)
    assert html.count('<div class="admonition failure">') == 2
    problems = session.finish()
    assert problems == [
        "docs/index.md:5: snippets/t/fine.py:1: no region named 'missing'",
        "snippets/t/fails.py:2: ValueError: broken (used by docs/index.md)",
    ]


def test_an_unmarked_python_block_is_a_problem(fine: Repo) -> None:
    _, session = convert(fine, "# Page\n\n```python\nx = 1\n```\n")
    [problem] = session.finish()
    assert problem.startswith("docs/index.md:3: Python code block is neither an executed")


def test_printed_markdown_and_html_are_never_interpreted(repo: Repo) -> None:
    printed = "**bold** <script>x</script> {* snippets/t/p.py *} \x02fieldguide-output:0000\x03"
    repo.write("snippets/t/p.py", f"print({printed!r})\n")
    repo.record("snippets/t/p.py")
    html, session = convert(repo, "{* snippets/t/p.py show=output *}\n")
    assert "<strong>" not in html and "<script>" not in html
    assert "fieldguide-output:0000" in html and "\x02" not in html  # escaped, not replaced
    assert session.finish() == []


RENDER_WITHOUT_MKDOCS = """
import json, sys
from pathlib import Path
import markdown
html = markdown.markdown(
    Path("docs/index.md").read_text(),
    extensions=["pymdownx.superfences", "pymdownx.highlight", "fieldguide.snippets"],
    extension_configs={"fieldguide.snippets": {"root": "."}},
)
print(json.dumps({"html": html, "mkdocs": [m for m in sys.modules if m.startswith("mkdocs")]}))
"""


def test_plain_markdown_renders_a_page_with_no_mkdocs_in_the_process(fine: Repo) -> None:
    """By name, as Zensical or any Python-Markdown user loads it: the extension makes its own
    session from every page under ``docs/``."""
    fine.page("index.md", "# Page\n\n{* snippets/t/fine.py *}\n")
    env = {**tool_env(), "SNIPPETS_CACHE_DIR": str(fine.root / ".cache" / "snippets")}
    ran = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(RENDER_WITHOUT_MKDOCS)],
        cwd=fine.root,
        env=env,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_LIMIT,
        check=True,
    )
    result = json.loads(ran.stdout)
    assert result["mkdocs"] == []
    assert (
        '<pre class="snippet-text"><code>fine &lt;b&gt;&amp;&lt;/b&gt;\n</code></pre>'
        in (result["html"])
    )
    assert '<a href="/snippets/t/fine.py">' in result["html"]  # no page URL: from the root


def test_a_list_goes_on_after_an_output_in_one_of_its_items(fine: Repo) -> None:
    text = "- first\n\n    {* snippets/t/fine.py show=output *}\n\n- second\n"
    html, _ = convert(fine, text)
    assert html.count("<ul>") == 1 and html.count("<li>") == 2
    first_item = html[html.index("<li>") : html.index("</li>")]
    assert 'class="snippet-output"' in first_item


def test_an_output_under_an_excerpt_that_does_not_print_it_says_so(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/parts.py",
        "# --8<-- [start:setup]\nx = 2\n# --8<-- [end:setup]\nprint(x * 21)\n",
    )
    repo.record(rel)
    html, _ = convert(repo, f"{{* {rel} region=setup *}}\n")
    assert '<span class="filename">snippets/t/parts.py · excerpt</span>' in html
    assert '<p class="snippet-label">Output of the whole script</p>' in html
    whole, _ = convert(repo, f"{{* {rel} *}}\n")
    assert '<p class="snippet-label">Output</p>' in whole


@pytest.mark.parametrize(
    "text",
    [
        "| a | {* snippets/t/fine.py *} |\n|---|---|\n",
        "- {* snippets/t/fine.py *}\n",
        "Text {* snippets/t/fine.py *} in a sentence.\n",
    ],
    ids=["table cell", "inline list item", "sentence"],
)
def test_a_reference_that_does_not_stand_alone_is_a_problem(fine: Repo, text: str) -> None:
    _, session = convert(fine, text)
    [problem] = session.finish()
    assert problem.startswith("docs/index.md:1: a snippet reference must stand alone on its line")


def test_a_reference_inside_raw_html_is_a_problem_not_a_token(fine: Repo) -> None:
    html, session = convert(fine, "<div>\n{* snippets/t/fine.py show=output *}\n</div>\n")
    assert "fieldguide-output" not in html and "admonition failure" in html
    [problem] = session.finish()
    assert "a snippet reference inside raw HTML is not rendered" in problem


def test_a_reference_in_inline_code_is_an_example_not_a_problem(fine: Repo) -> None:
    _, session = convert(fine, "Write `{* snippets/t/fine.py *}` on a line of its own.\n")
    assert session.finish() == []


@pytest.mark.parametrize(
    ("snippet", "problem"),
    [
        ("snippets/t/missing.py", "docs/index.md:3: snippet not found: snippets/t/missing.py"),
        ("snippets/t/bad.py", "snippets/t/bad.py:1: unknown directive 'retries=3' (known: "),
    ],
    ids=["missing", "bad directive"],
)
def test_a_snippet_that_cannot_load_is_one_problem_on_its_line(
    repo: Repo, snippet: str, problem: str
) -> None:
    repo.write("snippets/t/bad.py", "# snippet: retries=3\nprint(1)\n")
    _, session = convert(repo, f"# Page\n\n{{* {snippet} *}}\n")
    problems = session.finish()
    assert len(problems) == 1, problems
    assert problems[0].startswith(problem)
    assert ":0:" not in problems[0]
