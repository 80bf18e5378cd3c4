"""``spec``: the ``# snippet:`` directives and named regions of a snippet."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide.engine.spec import SnippetError, load, parse

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
        ("x = 1\n# snippet: raises=\n", 2, "raises='': name the exception class"),
        ("# snippet: raises=Runtime-Error\n", 1, "raises='Runtime-Error': name the exception"),
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


def test_a_snippet_outside_the_snippets_folder_is_named_at_line_1(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "evil.py").write_text("print(1)\n", encoding="utf-8")
    with pytest.raises(SnippetError, match=r"^snippets/\.\./evil\.py:1: not inside snippets/"):
        load(tmp_path, "snippets/../evil.py")


def test_loading_a_missing_snippet(tmp_path: Path) -> None:
    with pytest.raises(SnippetError, match="snippet not found"):
        load(tmp_path, "snippets/t/none.py")


def test_a_source_is_read_in_the_encoding_python_reads_it_in(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    latin = "# -*- coding: latin-1 -*-\nprint('caf\xe9')\n".encode("latin-1")
    (tmp_path / "snippets" / "latin.py").write_bytes(latin)
    (tmp_path / "snippets" / "bom.py").write_bytes(b"\xef\xbb\xbfprint('bom')\n")
    assert "café" in load(tmp_path, "snippets/latin.py").source
    assert load(tmp_path, "snippets/bom.py").source == "print('bom')\n"
