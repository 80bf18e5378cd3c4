"""Notebook pages executed through the engine, and the error messages fixed after review."""

from __future__ import annotations

import json

import nbformat
from fixtures.snippet_repo import Repo, output_blocks

NOTEBOOK_PLUGIN = """
plugins:
  - mkdocs-jupyter:
      execute: false
"""


def _notebook(repo: Repo, rel: str, *cells: str) -> str:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("# A notebook page")] + [
        nbformat.v4.new_code_cell(source) for source in cells
    ]
    path = repo.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, str(path))
    return rel


def test_notebook_runs_in_a_kernel_and_renders_with_outputs(repo: Repo) -> None:
    rel = _notebook(repo, "docs/nb.ipynb", "total = 40 + 2\nprint('printed', total)", "total * 10")
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.output == "[cell 1]\nprinted 42\n[cell 2]\n420\n"
    executed = json.loads(outcome.notebook or "{}")
    outputs = [cell.get("outputs") for cell in executed["cells"] if cell["cell_type"] == "code"]
    assert outputs[0][0]["text"] == "printed 42\n"
    repo.record(rel)
    assert (repo.root / "docs" / "nb.out").read_text() == outcome.output
    (repo.root / "mkdocs.yml").write_text((repo.root / "mkdocs.yml").read_text() + NOTEBOOK_PLUGIN)
    result = repo.build(strict=False)
    assert result.returncode == 0, result.stderr
    page = repo.site_html("nb/index.html")
    assert "printed 42" in page and "420" in page
    assert not (repo.root / "site" / "nb.out").exists()


def test_a_failing_cell_names_the_notebook_and_the_cell(repo: Repo) -> None:
    rel = _notebook(
        repo, "docs/broken.ipynb", "x = 1", "raise ValueError('cell two broke')", "print('never')"
    )
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert outcome.error.startswith("docs/broken.ipynb:2: ")
    assert "ValueError: cell two broke" in outcome.error
    assert "never" not in outcome.output


def test_syntax_error_in_an_imported_helper_names_the_helper(repo: Repo) -> None:
    repo.write("snippets/shaky/__init__.py", "def f(:\n    pass\n")
    rel = repo.write("snippets/t/uses_shaky.py", "import shaky\nprint(shaky)\n")
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert outcome.error.startswith("snippets/shaky/__init__.py:1: SyntaxError")
    assert "(imported by snippets/t/uses_shaky.py)" in outcome.error


def test_sys_exit_with_a_message_shows_it(repo: Repo) -> None:
    rel = repo.write("snippets/t/quits.py", "import sys\nsys.exit('configuration missing')\n")
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert "configuration missing" in outcome.error


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
