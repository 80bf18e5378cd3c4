"""Unit tests of the engine's parts that need no process: directives and regions, dependency
discovery, normalization, rendering, the cache store and snippet discovery."""

from __future__ import annotations

import html
import json
import re
import sysconfig
import tempfile
from importlib import metadata
from pathlib import Path

import pytest
from fieldkit import measured
from fixtures.snippet_repo import Repo
from hypothesis import given
from hypothesis import strategies as st
from snippet_engine import imports, render
from snippet_engine.cache import Cache
from snippet_engine.engine import Outcome
from snippet_engine.normalize import (
    MEASURED_PLACEHOLDER,
    for_display,
    for_snapshot,
    normalize,
)
from snippet_engine.pages import Reference
from snippet_engine.spec import SnippetError, load, parse

# -- directives and regions --------------------------------------------------------------------
REGIONED = """\
# snippet: raises=RuntimeError timeout=5 threads=2
import torch
# --8<-- [start:outer]
a = 1
# --8<-- [start:inner]
b = 2
# snippet: timeout=7
c = 3
# --8<-- [end:inner]
d = 4
# --8<-- [end:outer]
print(a, b, c, d)
"""


def test_directives_are_parsed() -> None:
    snippet = parse("snippets/t/a.py", REGIONED)
    assert snippet.raises == "RuntimeError"
    assert snippet.timeout == 7.0  # the later directive wins
    assert snippet.threads == 2


def test_regions_show_their_lines_without_markers_or_directives() -> None:
    snippet = parse("snippets/t/a.py", REGIONED)
    assert snippet.display_lines("inner") == ["b = 2", "c = 3"]
    assert snippet.display_lines("outer") == ["a = 1", "b = 2", "c = 3", "d = 4"]
    assert snippet.display_lines() == [
        "import torch",
        "a = 1",
        "b = 2",
        "c = 3",
        "d = 4",
        "print(a, b, c, d)",
    ]


@pytest.mark.parametrize(
    ("source", "line", "message"),
    [
        ("x = 1\n# snippet: retries=3\n", 2, "unknown directive 'retries=3'"),
        ("# snippet: raises\n", 1, "unknown directive 'raises'"),
        ("# snippet: timeout=soon\n", 1, "timeout='soon': must be a number"),
        ("# snippet: threads=two\n", 1, "threads='two': must be a whole number"),
        ("x = 1\n# --8<-- [end:build]\n", 2, "region 'build' ends but never started"),
        ("x = 1\n\n# --8<-- [start:build]\nx = 2\n", 3, "region 'build' is never closed"),
    ],
)
def test_bad_directives_and_regions(source: str, line: int, message: str) -> None:
    with pytest.raises(SnippetError) as caught:
        parse("snippets/t/a.py", source)
    assert caught.value.line == line
    assert message in caught.value.message
    assert str(caught.value).startswith(f"snippets/t/a.py:{line}: ")


def test_unknown_region_is_an_error() -> None:
    snippet = parse("snippets/t/a.py", REGIONED)
    with pytest.raises(SnippetError, match="no region named 'nope'"):
        snippet.display_lines("nope")


def test_loading_a_missing_snippet(tmp_path: Path) -> None:
    with pytest.raises(SnippetError, match="snippet not found"):
        load(tmp_path, "snippets/t/none.py")


# -- dependencies ------------------------------------------------------------------------------
def test_imported_modules() -> None:
    source = (
        "import os.path\nfrom helperpkg import outer\nfrom . import sibling\n"
        "def f():\n    import torch\n"
    )
    assert imports.imported_modules(source) == {"os.path", "helperpkg", "helperpkg.outer", "torch"}


def test_local_dependencies_are_transitive(repo: Repo) -> None:
    repo.write("snippets/helperpkg/__init__.py", "import json\n")
    repo.write("snippets/helperpkg/outer.py", "from helperpkg import inner\nimport numpy\n")
    repo.write("snippets/helperpkg/inner.py", "from .deep import X\n")
    repo.write("snippets/helperpkg/deep.py", "X = 1\n")
    repo.write("snippets/helperpkg/unused.py", "import matplotlib\n")
    repo.write("snippets/t/sibling.py", "import torch\n")
    script = repo.root / repo.write(
        "snippets/t/a.py",
        """
        import sibling
        from helperpkg.outer import thing
        import a
    """,
    )
    files, external = imports.local_dependencies(script, repo.root / "snippets")
    helpers = repo.root / "snippets" / "helperpkg"
    assert files == sorted(
        [
            helpers / "__init__.py",
            helpers / "outer.py",
            helpers / "inner.py",
            helpers / "deep.py",
            repo.root / "snippets" / "t" / "sibling.py",
        ]
    )
    assert external == {"json", "numpy", "torch"}


def test_library_versions_read_metadata() -> None:
    versions = imports.library_versions({"json", "torch", "filelock", "no_such_module_here"})
    assert versions == {
        "torch": metadata.version("torch"),
        "filelock": metadata.version("filelock"),
    }


# -- normalization ---------------------------------------------------------------------------
def test_normalize_paths_and_addresses() -> None:
    root = Path("/srv/checkout")
    site = sysconfig.get_paths()["purelib"]
    stdlib = sysconfig.get_paths()["stdlib"]
    temp = tempfile.gettempdir()
    raw = "\n".join(
        [
            "/srv/checkout/snippets/t/a.py",
            f"{site}/torch/autograd/__init__.py",
            f"{stdlib}/json/decoder.py",
            f"{Path.home()}/notes.txt",
            f"{temp}/tmpab_12.x/data",
            "<Node at 0x7f3a5c2b1d90> 0xdeadbeef 0x1f",
        ]
    )
    assert normalize(raw, root).splitlines() == [
        "snippets/t/a.py",
        "<site-packages>/torch/autograd/__init__.py",
        "<python>/json/decoder.py",
        "~/notes.txt",
        "<tmp>/data",
        "<Node at 0x…> 0xdeadbeef 0x1f",  # 8 hex digits not after "at ": data, kept
    ]


def test_the_longest_prefix_wins() -> None:
    root = Path.home() / "work" / "guide"
    assert normalize(f"{root}/snippets/a.py and {Path.home()}/x", root) == "snippets/a.py and ~/x"


def test_extra_rules() -> None:
    assert normalize("/tmp/xyz/fig/a.svg", Path("/r"), {"/tmp/xyz/fig": "<figures>"}) == (
        "<figures>/a.svg"
    )


@given(
    st.text(alphabet=st.characters(blacklist_characters="\u27ea\u27eb\n\r"), max_size=40),
    st.text(max_size=20),
    st.text(max_size=20),
)
def test_measured_values_round_trip(value: str, before: str, after: str) -> None:
    before, after = (s.replace("\u27ea", "").replace("\u27eb", "") for s in (before, after))
    printed = f"{before}{measured(value)}{after}"
    assert for_display(printed) == f"{before}{value}{after}"
    assert for_snapshot(printed) == f"{before}{MEASURED_PLACEHOLDER}{after}"


def test_measured_rejects_markers() -> None:
    with pytest.raises(ValueError):
        measured("\u27ea1\u27eb")


# -- rendering -------------------------------------------------------------------------------
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


# -- the cache store -------------------------------------------------------------------------
def test_cache_round_trip_and_misses(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "c")
    key = "ab" + "0" * 62
    assert cache.get(key) is None
    cache.put(key, {"output": "x\n"})
    assert cache.get(key) == {"output": "x\n", "key": key}
    path = tmp_path / "c" / "ab" / f"{key}.json"
    assert json.loads(path.read_text())["key"] == key
    other = "ab" + "1" * 62
    path.rename(path.with_name(f"{other}.json"))  # an entry filed under the wrong name
    assert cache.get(other) is None


# -- discovery -------------------------------------------------------------------------------
def test_all_snippets_skips_helper_packages(repo: Repo) -> None:
    repo.write("snippets/helperpkg/__init__.py", "")
    repo.write("snippets/helperpkg/mod.py", "")
    repo.write("snippets/helperpkg/sub/deep.py", "")
    repo.write("snippets/t/b.py", "")
    repo.write("snippets/t/a.py", "")
    repo.write("snippets/t/nested/c.py", "")
    assert repo.engine().all_snippets() == [
        "snippets/t/a.py",
        "snippets/t/b.py",
        "snippets/t/nested/c.py",
    ]


def test_labels_follow_the_page_language() -> None:
    from snippet_engine import render
    from snippet_engine.labels import label
    from snippet_engine.pages import rewrite

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
