"""Integration: a small site built through the real plugin with ``python -m properdocs build``."""

from __future__ import annotations

import json
import platform
import re
import shutil
import time
from importlib import metadata
from pathlib import Path

import pytest
from fixtures.snippet_repo import (
    Elements,
    Repo,
    line_of,
    make_repo,
    output_blocks,
    source_blocks,
    text_of,
)

from fieldguide.engine.pages import ILLUSTRATIVE_TITLE

INJECTION = [
    "<script>alert(1)</script>",
    "</code></pre><b>still output</b>",
    '--8<-- "x"',
    "{{ jinja }} {% if x %}",
    "```",
    "````python",
    "**bold**",
    "[link](http://x)",
    "<p>SNIPPETOUTPUTPLACEHOLDER0000000000001</p>",
    "&amp; &lt;",
]
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12">'
    '<circle cx="6" cy="6" r="5" fill="#3f51b5"/></svg>'
)

SNIPPETS = {
    "snippets/demo/inject.py": "LINES = [\n"
    + "".join(f"    {line!r},\n" for line in INJECTION)
    + "]\nfor line in LINES:\n    print(line)\n",
    "snippets/demo/region.py": """
        \"\"\"Only the region is shown.\"\"\"
        print("setup")
        # --8<-- [start:build]
        first = 1
        # snippet: timeout=30
        second = first + 1
        third = second + 1
        # --8<-- [end:build]
        print(first, second, third)
    """,
    "snippets/demo/figure.py": f"""
        from fieldkit import save_svg

        save_svg("g", {SVG!r})
        print("drawn")
    """,
    "snippets/demo/versions.py": """
        import torch

        print(torch.ones(3).sum().item())
    """,
    "snippets/demo/machine.py": """
        import tempfile

        import torch

        print(object())
        print(__file__)
        print(sorted({"leaf", "grad_fn", "next_functions"}))
        print({"leaf", "grad_fn", "next_functions", "saved_tensors", "backward"})
        with tempfile.TemporaryDirectory() as scratch:
            print(scratch)
        print(torch.rand(3))
    """,
}

INDEX = """
    # Mini site

    {* snippets/demo/inject.py *}

    {* snippets/demo/region.py region=build hl="2" title="Region demo" *}

    {* snippets/demo/figure.py show=figure *}

    ```python illustrative
    print("never run")
    ```

    ````markdown
    ```python
    print("an example of a page")
    ```

    {* snippets/demo/nope.py *}
    ````
"""
SUB = """
    # Sub page

    {* snippets/demo/versions.py *}

    {* snippets/demo/machine.py show=output *}
"""


def write_demo(repo: Repo) -> list[str]:
    for rel, text in SNIPPETS.items():
        repo.write(rel, text)
    repo.page("index.md", INDEX)
    repo.page("sub/page.md", SUB)
    return list(SNIPPETS)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, warm_fork_server: None) -> Repo:
    repo = make_repo(tmp_path_factory.mktemp("site"))
    repo.record(*write_demo(repo))
    built = repo.build()
    assert built.returncode == 0, built.stderr
    return repo


def snippet_output(page_html: str, rel: str) -> str:
    """The output ``<div>`` of one snippet, from a built page."""
    match = re.search(
        rf'<div class="snippet-output"[^>]* data-snippet="{re.escape(rel)}"[^>]*>.*?'
        r'<p class="snippet-provenance">.*?</p>'
        r'(?:\n<details class="snippet-helpers">.*?</details>)?\n</div>',
        page_html,
        re.S,
    )
    assert match, f"no output block for {rel}"
    return match.group(0)


# -- what a page shows -----------------------------------------------------------------------
def test_printed_text_is_never_interpreted(site: Repo) -> None:
    page = site.site_html()
    block = snippet_output(page, "snippets/demo/inject.py")
    assert output_blocks(block) == ["\n".join(INJECTION) + "\n"]
    inside = Elements(block)
    assert {tag for tag, _ in inside.tags} == {"div", "pre", "code", "p", "a"}
    assert [a["href"] for a in inside.named("a")] == ["snippets/demo/inject.py"]

    everything = Elements(page)
    assert not [s for s in everything.scripts if "alert" in s]
    assert "http://x" not in [a.get("href") for a in everything.named("a")]
    assert not everything.named("strong")
    assert "<p>SNIPPETOUTPUTPLACEHOLDER" not in page


def test_source_with_backtick_runs_is_shown_whole(site: Repo) -> None:
    code = source_blocks(site.site_html())["snippets/demo/inject.py"]
    assert text_of(code) == site.read("snippets/demo/inject.py")


def test_region_and_highlighted_line(site: Repo) -> None:
    code = source_blocks(site.site_html())["Region demo"]
    source = site.read("snippets/demo/region.py").splitlines()
    start = line_of("\n".join(source), "[start:build]")
    end = line_of("\n".join(source), "[end:build]")
    region = [line for line in source[start : end - 1] if "# snippet:" not in line]
    assert text_of(code).splitlines() == region
    assert code.count('class="hll"') == 1
    highlighted = code[code.index('<span class="hll">') :]
    assert text_of(highlighted).splitlines()[0] == region[1]
    assert "--8&lt;--" not in code and "snippet:" not in text_of(code)


def test_illustrative_blocks_and_examples_of_pages(site: Repo) -> None:
    blocks = source_blocks(site.site_html())
    assert text_of(blocks[ILLUSTRATIVE_TITLE]) == 'print("never run")\n'
    page = site.site_html()
    assert "illustrative" not in page
    literal = text_of(page)
    assert '```python\nprint("an example of a page")\n```' in literal
    assert "{* snippets/demo/nope.py *}" in literal


def test_figures_are_inlined(site: Repo) -> None:
    page = site.site_html()
    block = snippet_output(page, "snippets/demo/figure.py")
    assert f'<figure class="snippet-figure" data-figure="g">{SVG}</figure>' in block
    assert "snippet-text" not in block  # show=figure: no text output
    assert "snippets/demo/figure.py" not in source_blocks(page)  # nor source
    assert site.read("snippets/demo/figure.g.svg") == SVG


def test_provenance_links_a_published_copy_and_names_versions(site: Repo) -> None:
    page_dir = site.root / "site" / "sub" / "page"
    page = (page_dir / "index.html").read_text(encoding="utf-8")
    block = snippet_output(page, "snippets/demo/versions.py")
    provenance = block[block.index('<p class="snippet-provenance">') :]
    (href,) = [a["href"] for a in Elements(provenance).named("a")]
    assert href is not None and not href.startswith(("/", "http"))
    published = (page_dir / href).resolve()
    assert published == (site.root / "site" / "snippets/demo/versions.py").resolve()
    assert published.read_text(encoding="utf-8") == site.read("snippets/demo/versions.py")
    text = text_of(provenance)
    assert f"Python {platform.python_version()}" in text
    assert f"torch {metadata.version('torch')}" in text
    assert "snippets/demo/versions.py" in text


def test_normalized_output_on_the_page(site: Repo) -> None:
    page = (site.root / "site" / "sub" / "page" / "index.html").read_text(encoding="utf-8")
    (text,) = output_blocks(snippet_output(page, "snippets/demo/machine.py"))
    lines = text.splitlines()
    assert lines[0] == "<object object at 0x…>"
    assert lines[1] == "snippets/demo/machine.py"
    assert lines[4] == "<tmp>"
    assert str(site.root) not in page


# -- builds that must fail -------------------------------------------------------------------
def test_a_missing_snippet_fails_the_build(repo: Repo) -> None:
    page = repo.page("guide/missing.md", "# Missing\n\nText.\n\n{* snippets/nope.py *}\n")
    built = repo.build()
    assert built.returncode != 0
    line = line_of(page.read_text(), "snippets/nope.py")
    assert f"docs/guide/missing.md:{line}: snippet not found: snippets/nope.py" in built.stderr


def test_an_unmarked_python_block_fails_the_build(repo: Repo) -> None:
    page = repo.page(
        "index.md",
        """
        # Page

        ```python illustrative
        fine = True
        ```

        ```python
        print("would go unexecuted")
        ```
    """,
    )
    built = repo.build(strict=False)
    assert built.returncode != 0
    text = page.read_text()
    line = line_of(text, "would go") - 1  # the fence opens on the line before
    assert f"docs/index.md:{line}: Python code block is neither an executed snippet" in (
        built.stderr
    )
    assert f"docs/index.md:{line_of(text, 'illustrative')}:" not in built.stderr


def test_a_failing_snippet_fails_the_build(repo: Repo) -> None:
    rel = repo.write("snippets/t/bad.py", 'print("ok so far")\nraise KeyError("grad_fn")\n')
    repo.page("index.md", f"# Page\n\n{{* {rel} *}}\n")
    repo.page("other.md", f"# Other\n\n{{* {rel} show=output *}}\n")
    built = repo.build(strict=False)
    assert built.returncode != 0
    assert f"{rel}:2: KeyError: 'grad_fn' (used by docs/index.md, docs/other.md)" in built.stderr


def test_drift_fails_the_build(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", 'print("recorded")\n')
    repo.record(rel)
    repo.page("index.md", f"# Page\n\n{{* {rel} *}}\n")
    assert repo.build().returncode == 0
    repo.write(rel, 'print("changed")\n')
    built = repo.build()
    assert built.returncode != 0
    assert f"{rel}: output differs from the committed snapshot (used by docs/index.md)" in (
        built.stderr
    )
    assert "-recorded" in built.stderr.splitlines()
    assert "+changed" in built.stderr.splitlines()


def test_a_missing_region_fails_the_build(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", "# --8<-- [start:real]\nx = 1\n# --8<-- [end:real]\n")
    repo.record(rel)
    page = f"# Page\n\n{{* {rel} region=real *}}\n\n{{* {rel} region=imaginary *}}\n"
    repo.page("index.md", page)
    built = repo.build()
    assert built.returncode != 0
    assert f"docs/index.md:5: {rel}:1: no region named 'imaginary'" in built.stderr


# -- reproducible builds ---------------------------------------------------------------------
def site_files(site_dir: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(site_dir)): p.read_bytes()
        for p in sorted(site_dir.rglob("*"))
        if p.is_file() and not p.name.startswith("sitemap.xml")
    }


def test_two_builds_from_scratch_are_byte_identical(tmp_path: Path, warm_fork_server: None) -> None:
    repo = make_repo(tmp_path)
    rels = write_demo(repo)
    repo.record(*rels)
    builds = []
    for _ in range(2):
        shutil.rmtree(repo.root / ".cache")
        shutil.rmtree(repo.root / "site", ignore_errors=True)
        # The theme stamps the build date into the home page unless told a fixed one.
        built = repo.build(env={"SOURCE_DATE_EPOCH": "1700000000"})
        assert built.returncode == 0, built.stderr
        assert f"snippets: {len(rels)} referenced, {len(rels)} executed" in built.stderr
        builds.append(site_files(repo.root / "site"))
    first, second = builds
    assert sorted(first) == sorted(second)
    assert "index.html" in first and "sub/page/index.html" in first
    different = [name for name in first if first[name] != second[name]]
    assert different == []


def test_the_first_output_of_a_snippet_carries_an_anchor(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", 'print("alpha")\n')
    repo.record(rel)
    repo.page(
        "index.md",
        f"""
        # Page

        {{* {rel} *}}

        As [printed above](#output-t-a), and again for comparison:

        {{* {rel} show=output repeat=yes *}}
    """,
    )
    built = repo.build()
    assert built.returncode == 0, built.stderr
    page = repo.site_html()
    blocks = re.findall(r'<div class="snippet-output"[^>]*>', page)
    assert len(blocks) == 2
    assert ' id="output-t-a"' in blocks[0] and " id=" not in blocks[1]
    assert page.count('id="output-t-a"') == 1
    assert 'href="#output-t-a"' in page


def test_helpers_a_snippet_imports_are_named_published_and_described(repo: Repo) -> None:
    repo.write("snippets/t/helperkit/__init__.py", '"""Counts things for the demo."""\n')
    repo.write(
        "snippets/t/helperkit/tally.py",
        '"""Adds numbers up.\n\nMore."""\ndef total(xs):\n    return sum(xs)\n',
    )
    rel = repo.write(
        "snippets/t/uses.py", "from helperkit.tally import total\n\nprint(total([1, 2]))\n"
    )
    repo.record(rel)
    repo.page("sub/page.md", f"# Page\n\n{{* {rel} show=output *}}\n")
    built = repo.build()
    assert built.returncode == 0, built.stderr
    page_dir = repo.root / "site" / "sub" / "page"
    page = (page_dir / "index.html").read_text(encoding="utf-8")
    helpers = page[page.index('<details class="snippet-helpers">') :]
    helpers = helpers[: helpers.index("</details>")]
    assert "imports 2 module(s)" in text_of(helpers)
    assert "t/helperkit/tally.py — Adds numbers up." in text_of(helpers)
    assert "t/helperkit/__init__.py — Counts things for the demo." in text_of(helpers)
    hrefs = [a["href"] for a in Elements(helpers).named("a")]
    published = [(page_dir / h).resolve() for h in hrefs if h and "tally" in h]
    assert published and published[0].read_text(encoding="utf-8") == repo.read(
        "snippets/t/helperkit/tally.py"
    )


def test_a_raised_message_is_text_the_search_index_reads(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/fails.py",
        "# snippet: raises=ValueError\n"
        'print("before")\nraise ValueError("grad <b>lost</b> at step 3")\n',
    )
    repo.record(rel)
    repo.page(
        "index.md",
        f"# Page\n\n## The error\n\n{{* {rel} show=message *}}\n\n{{* {rel} show=source *}}\n",
    )
    built = repo.build()
    assert built.returncode == 0, built.stderr
    page = repo.site_html()
    (block,) = re.findall(r'<div class="error-message".*?</div>', page, re.S)
    assert "<code>ValueError</code>: grad &lt;b&gt;lost&lt;/b&gt; at step 3" in block
    assert "before" not in block and "data-search-exclude" not in block
    assert "snippets/t/fails.py" in block  # provenance: the snippet that raised it
    index = (repo.root / "site" / "search" / "search_index.json").read_text(encoding="utf-8")
    (section,) = [d for d in json.loads(index)["docs"] if d["location"].endswith("#the-error")]
    assert "ValueError : grad <b>lost</b> at step 3" in section["text"]


def test_a_message_from_a_snippet_that_does_not_raise_fails_the_build(repo: Repo) -> None:
    rel = repo.write("snippets/t/fine.py", 'print("fine")\n')
    repo.record(rel)
    repo.page("index.md", f"# Page\n\n{{* {rel} show=message *}}\n")
    built = repo.build()
    assert built.returncode != 0
    assert (
        f"docs/index.md:3: show=message needs a snippet that declares raises=: {rel} raised nothing"
    ) in built.stderr


def test_a_long_message_folds_after_its_first_lines(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/long.py",
        "# snippet: raises=RuntimeError\n"
        'raise RuntimeError("\\n".join(f"line {n}" for n in range(1, 9)))\n',
    )
    repo.record(rel)
    repo.page("index.md", f"# Page\n\n{{* {rel} show=message *}}\n")
    built = repo.build()
    assert built.returncode == 0, built.stderr
    page = repo.site_html()
    shown, folded = re.search(
        r'<p class="error-message-text">(.*?)</p><details.*?'
        r'<p class="error-message-text">(.*?)</p></details>',
        page,
        re.S,
    ).groups()
    assert re.findall(r"line \d", shown) == ["line 1", "line 2", "line 3", "line 4"]
    assert re.findall(r"line \d", folded) == ["line 5", "line 6", "line 7", "line 8"]


def test_references_on_consecutive_lines_both_render(repo: Repo) -> None:
    first = repo.write("snippets/t/first.py", "print('first output')\n")
    second = repo.write("snippets/t/second.py", "print('second output')\n")
    repo.record(first, second)
    repo.page("index.md", f"# Two\n\n{{* {first} show=output *}}\n{{* {second} show=output *}}\n")
    result = repo.build()
    assert result.returncode == 0, result.stderr
    html = repo.site_html()
    assert "PLACEHOLDER" not in html
    blocks = output_blocks(html)
    assert len(blocks) == 2
    assert "first output" in blocks[0] and "second output" in blocks[1]


def test_source_only_reference_to_a_module_runs_nothing(repo: Repo) -> None:
    repo.write(
        "snippets/helperpkg/__init__.py",
        """
        from pathlib import Path
        Path("ran.txt").open("a").write("ran\\n")
        # --8<-- [start:core]
        def core():
            return 42
        # --8<-- [end:core]
    """,
    )
    repo.page(
        "index.md", "# Module\n\n{* snippets/helperpkg/__init__.py show=source region=core *}\n"
    )
    result = repo.build()
    assert result.returncode == 0, result.stderr
    assert repo.count("ran.txt") == 0
    html = repo.site_html()
    assert "core" in html and "ran.txt" not in html


def test_a_dirty_rebuild_builds_again_the_pages_that_show_what_changed(repo: Repo) -> None:
    """``make serve`` rebuilds dirty: a page is built again when its source, or a snippet,
    helper or snapshot it shows, is newer than the page; the others are left as they are."""
    repo.write("snippets/t/helper.py", "WORD = 'helped'\n")
    shown = repo.write("snippets/t/shown.py", "from helper import WORD\n\nprint(WORD)\n")
    other = repo.write("snippets/t/other.py", "print('other')\n")
    repo.write("snippets/t/data.txt", "a\nb\n")
    reads = repo.write(
        "snippets/t/reads.py",
        "from pathlib import Path\n\n"
        "print(len(Path(__file__).with_name('data.txt').read_text().split()))\n",
    )
    repo.record(shown, other, reads)
    repo.page("index.md", f"# Home\n\n{{* {shown} show=output *}}\n")
    repo.page("other.md", f"# Other\n\n{{* {other} show=both *}}\n")
    repo.page("plain.md", "# Plain\n\nNo snippet.\n")
    repo.page("reads.md", f"# Reads\n\n{{* {reads} show=output *}}\n")
    built = repo.build("--dirty", strict=False)
    assert built.returncode == 0, built.stderr
    site = repo.root / "site"
    pages = {name: site / name / "index.html" for name in ("", "other", "plain", "reads")}

    def stamps() -> dict[str, int]:
        return {name: path.stat().st_mtime_ns for name, path in pages.items()}

    def touch(rel: str, text: str) -> None:  # an edit, later than every page written
        time.sleep(0.05)  # past the clock tick of the last page written, on a coarse clock
        (repo.root / rel).write_text(text, encoding="utf-8")
        assert (repo.root / rel).stat().st_mtime_ns > max(stamps().values())

    before = stamps()
    touch("snippets/t/helper.py", "WORD = 'helped'  # same output, new key\n")
    built = repo.build("--dirty", strict=False)
    assert built.returncode == 0, built.stderr
    after = stamps()
    assert after[""] != before[""] and after["other"] == before["other"]
    assert after["plain"] == before["plain"]
    assert "helped" in pages[""].read_text(encoding="utf-8")
    touch("docs/plain.md", "# Plain\n\nEdited.\n")
    built = repo.build("--dirty", strict=False)
    assert built.returncode == 0, built.stderr
    again = stamps()
    assert again["plain"] != after["plain"] and "Edited." in pages["plain"].read_text("utf-8")
    assert again[""] == after[""] and again["other"] == after["other"]
    touch("snippets/t/data.txt", "c\nd\n")  # read at run time: the snippet runs again
    built = repo.build("--dirty", strict=False)
    assert built.returncode == 0, built.stderr
    last = stamps()
    assert last["reads"] != again["reads"] and last["plain"] == again["plain"]
