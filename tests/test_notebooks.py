"""Notebook pages: executed through the engine, rendered with their real outputs, their
translations sharing one run."""

from __future__ import annotations

import json

import nbformat
from fixtures.snippet_repo import Repo

NOTEBOOK_PLUGIN = """  - fieldguide
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
    config = (repo.root / "mkdocs.yml").read_text().replace("  - fieldguide\n", NOTEBOOK_PLUGIN)
    (repo.root / "mkdocs.yml").write_text(config)
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
