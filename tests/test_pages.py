"""Finding snippet references and unmarked Python blocks in Markdown (``engine.pages``)."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fieldguide.engine.pages import ILLUSTRATIVE_TITLE, Problem, Reference, rewrite, scan


def page(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def test_references_with_options_and_indentation() -> None:
    text = page("""
        # Title

        {* snippets/graph/leaf.py *}

        === "Tab"

            {* snippets/graph/other.py show=output region=build hl="2 4-5" title="A \\"t\\"" *}
    """)
    refs, problems = scan("docs/p.md", text)
    assert problems == []
    assert refs == [
        Reference("docs/p.md", 3, "", "snippets/graph/leaf.py"),
        Reference(
            "docs/p.md", 7, "    ", "snippets/graph/other.py", "output", "build", "2 4-5", 'A "t"'
        ),
    ]


@pytest.mark.parametrize(
    ("reference", "complaint"),
    [
        ("{* snippets/a.py colour=red *}", "unknown snippet option 'colour=red'"),
        ("{* snippets/a.py show=everything *}", "show='everything' must be one of"),
        ("{* docs/a.py *}", "must look like snippets/<topic>/<name>.py"),
        ("{* snippets/a.txt *}", "must look like snippets/<topic>/<name>.py"),
        ('{* snippets/a.py title="unclosed *}', "cannot read snippet reference"),
        ("{*  *}", "snippet reference without a path"),
    ],
)
def test_bad_references_are_problems(reference: str, complaint: str) -> None:
    refs, problems = scan("docs/p.md", f"# T\n\n{reference}\n")
    assert refs == []
    assert len(problems) == 1
    assert problems[0].line == 3
    assert complaint in problems[0].message
    assert str(problems[0]).startswith("docs/p.md:3: ")


# A word: any character but quotes, a backslash, the reference's own marks, the blanks that
# separate words (space, tab) and what ends a line; other spaces (U+00A0, U+3000) included.
LINE_ENDS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
WORD = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\"'\\*{} \t" + LINE_ENDS),
    min_size=1,
)
GAP = st.text(" \t", min_size=1)


@given(region=WORD, title=WORD, gaps=st.lists(GAP, min_size=4, max_size=4))
def test_unquoted_words_read_as_the_shell_reads_them(
    region: str, title: str, gaps: list[str]
) -> None:
    """A reference without quotes is read by splitting on blanks, one with them by shell rules:
    both read the same words."""
    a, b, c, d = gaps
    plain = f"{{*{a}snippets/t/a.py{b}region={region}{c}title={title}{d}*}}"
    quoted = f'{{* snippets/t/a.py region="{region}" title="{title}" *}}'
    found = [scan("docs/p.md", f"# T\n\n{text}\n") for text in (plain, quoted)]
    assert found[0] == found[1]
    assert found[0][0] and (found[0][0][0].region, found[0][0][0].title) == (region, title)


def test_reference_must_be_alone_on_its_line() -> None:
    """One inside text is no reference, and a problem: nothing would run it."""
    refs, problems = scan("docs/p.md", "See {* snippets/a.py *} inline.\n")
    assert refs == [] and [p.line for p in problems] == [1]
    assert "must stand alone on its line" in problems[0].message


@pytest.mark.parametrize(
    "opener",
    [
        "```python",
        "```py",
        "~~~python",
        "``` python3",
        "```pycon",
        "```{.python}",
        '```Python title="x.py"',
        "````python",
    ],
)
def test_unmarked_python_block_is_a_problem(opener: str) -> None:
    closer = opener[: len(opener) - len(opener.lstrip("`~"))]
    text = f"# T\n\nSome text.\n\n{opener}\nprint('hi')\n{closer}\n"
    refs, problems = scan("docs/p.md", text)
    assert refs == []
    assert problems == [Problem("docs/p.md", 5, problems[0].message)]
    assert "illustrative" in problems[0].message


@pytest.mark.parametrize(
    "opener",
    [
        "```python illustrative",
        '```py title="t" illustrative',
        "```text",
        "```",
        "```bash",
        "```pythonic",
    ],
)
def test_marked_or_other_blocks_are_fine(opener: str) -> None:
    assert scan("docs/p.md", f"{opener}\nprint('hi')\n```\n") == ([], [])


def test_fences_inside_other_fences_do_not_count() -> None:
    text = page("""
        ````markdown
        A page may contain:

        ```python
        print("not a real block")
        ```

        {* snippets/nope.py *}
        ````

        {* snippets/real.py *}

        ~~~text
        {* snippets/also_nope.py *}
        ~~~
    """)
    refs, problems = scan("docs/p.md", text)
    assert problems == []
    assert [(r.line, r.snippet) for r in refs] == [(11, "snippets/real.py")]


def test_an_unclosed_fence_runs_to_the_end() -> None:
    text = "```text\n{* snippets/a.py *}\n\n```python\n"
    assert scan("docs/p.md", text) == ([], [])


def test_line_numbers_count_every_line() -> None:
    text = "\n" * 9 + "```python\nx\n```\n" + "\n" * 5 + "{* snippets/t/a.py *}\n"
    refs, problems = scan("docs/p.md", text)
    assert [p.line for p in problems] == [10]
    assert [r.line for r in refs] == [18]


def test_rewrite_replaces_references_and_titles_illustrative_blocks() -> None:
    text = page("""
        # T

        {* snippets/t/a.py show=output *}

        ```python illustrative
        print(1)
        ```

        ```python title="kept" illustrative
        print(2)
        ```

        ````markdown
        {* snippets/t/inside.py *}
        ````
    """)
    seen: list[Reference] = []

    def replace(ref: Reference) -> str:
        seen.append(ref)
        return f"<<{ref.snippet} {ref.show}>>"

    out = rewrite("docs/p.md", text, replace)
    assert [r.snippet for r in seen] == ["snippets/t/a.py"]
    lines = out.splitlines()
    assert lines[2] == "<<snippets/t/a.py output>>"
    assert lines[4] == f'```python title="{ILLUSTRATIVE_TITLE}"'
    assert lines[8] == '```python title="kept"'
    assert lines[13] == "{* snippets/t/inside.py *}"
    assert out.endswith("````\n")
    unchanged = [i for i in range(len(lines)) if i not in (2, 4, 8)]
    assert [lines[i] for i in unchanged] == [text.splitlines()[i] for i in unchanged]


# -- a model of pages ----------------------------------------------------------------------
WORDS = st.text(
    alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters=" .,"), max_size=30
)
NAMES = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
CHUNK = st.one_of(
    st.tuples(st.just("text"), WORDS),
    st.tuples(st.just("ref"), NAMES),
    st.tuples(st.just("python"), st.booleans()),
    st.tuples(st.just("wrapped"), NAMES),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(CHUNK, max_size=25))
def test_scan_matches_a_model_of_the_page(chunks: list[tuple[str, object]]) -> None:
    lines: list[str] = []
    want_refs: list[tuple[int, str]] = []
    want_problems: list[int] = []
    for kind, value in chunks:
        if kind == "text":
            lines.append(str(value))
        elif kind == "ref":
            if any(snippet == f"snippets/t/{value}.py" for _, snippet in want_refs):
                want_problems.append(len(lines) + 1)  # its output is already on the page
            want_refs.append((len(lines) + 1, f"snippets/t/{value}.py"))
            lines.append(f"{{* snippets/t/{value}.py *}}")
        elif kind == "python":
            if not value:
                want_problems.append(len(lines) + 1)
            lines += ["```python" + (" illustrative" if value else ""), "x = 1", "```"]
        else:  # a reference and a python block shown inside a Markdown example
            lines += ["````markdown", f"{{* snippets/t/{value}.py *}}", "```python", "````"]
    refs, problems = scan("docs/p.md", "\n".join(lines) + "\n")
    assert [(r.line, r.snippet) for r in refs] == want_refs
    assert sorted(p.line for p in problems) == sorted(want_problems)


def test_an_output_shown_twice_on_a_page_is_a_problem() -> None:
    text = (
        "{* snippets/a/b.py *}\n\n{* snippets/a/b.py show=source region=r *}\n\n"
        "{* snippets/a/b.py show=output *}\n\n{* snippets/a/b.py show=figure repeat=yes *}\n"
    )
    references, problems = scan("docs/p.md", text)
    assert len(references) == 4
    assert [str(p) for p in problems] == [
        "docs/p.md:5: the output of snippets/a/b.py is already shown on this page (line 1): "
        "show only the source here (show=source) and link to it (#output-a-b), or say that it "
        "repeats (repeat=yes)"
    ]
    assert scan("docs/p.md", "{* snippets/a/b.py repeat=maybe *}\n")[1][0].message == (
        "repeat='maybe' must be yes or no"
    )


def test_a_line_that_starts_a_list_mid_sentence_is_a_problem() -> None:
    text = "- A tensor of\n  1000. elements is copied.\n\nDone:\n1. first\n2. second\n"
    _, problems = scan("docs/p.md", text)
    assert [(p.line, p.message.split(" (")[0]) for p in problems] == [
        (2, "this line starts a numbered list in the middle of a sentence")
    ]


def test_the_items_of_a_numbered_list_are_not_mistaken_for_it() -> None:
    text = "Steps\n1. first\n   goes on\n2. second\n\nIt took\n3. seconds.\n"
    _, problems = scan("docs/p.md", text)
    assert [p.line for p in problems] == [2, 7]
