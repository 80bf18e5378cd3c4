"""The notebook runs from a downloaded copy: it imports nothing of the repository, edits no
``sys.path``, and the package it defines in its own cells is minigrad as the repository has it.
(tests/browser/test_sharing.py runs the published copy in a folder outside the repository.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ["docs/scratch/build-your-own.ipynb", "docs/scratch/build-your-own.zh.ipynb"]
REPOSITORY_PACKAGES = re.compile(
    r"^\s*(import|from)\s+(minigrad|fieldkit|ddplab|fieldguide)\b", re.M
)


def _code(path: str) -> list[str]:
    cells = json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_the_notebook_needs_nothing_from_the_repository(path: str) -> None:
    code = "\n".join(_code(path))
    # (engine.py names the Tensor class for type checkers only: that import never runs)
    code = code.replace("if TYPE_CHECKING:\n    from minigrad.tensor import Tensor\n", "")
    assert "sys.path" not in code
    assert not REPOSITORY_PACKAGES.search(code), REPOSITORY_PACKAGES.search(code)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_its_minigrad_cells_are_the_package(path: str) -> None:
    cells = _code(path)
    engine = (ROOT / "snippets/minigrad/engine.py").read_text(encoding="utf-8")
    tensor = (ROOT / "snippets/minigrad/tensor.py").read_text(encoding="utf-8")
    tensor = tensor.replace(
        "from minigrad.engine import AccumulateGrad, Node, backward, is_grad_enabled\n", ""
    )
    assert engine.rstrip("\n") in cells, "the engine.py cell differs from snippets/minigrad"
    assert tensor.rstrip("\n") in cells, "the tensor.py cell differs from snippets/minigrad"
    exported = re.findall(
        r'^    "(\w+)",$', (ROOT / "snippets/minigrad/__init__.py").read_text(), re.M
    )
    names = next(c for c in cells if "types.SimpleNamespace(" in c)
    assert exported and all(f"{name}={name}" in names for name in exported)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_the_page_says_how_to_run_it(path: str) -> None:
    cells = json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]
    opening = "".join(cells[0]["source"])
    assert "pip install numpy torch matplotlib" in opening
