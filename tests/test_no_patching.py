"""The build tooling patches no other package: no assignment to (or ``setattr`` on) a function,
method or attribute reached from a third-party module it imports, at import or run time. (The
standard library's process state, ``sys.argv`` or ``os.environ`` in the process that runs a
snippet, is the runner's own business.)"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OWN = {"fieldguide", "fieldkit", "minigrad", "ddplab"}
SCANNED = ("src", "scripts", "overrides")


def _imported(tree: ast.Module) -> dict[str, str]:
    """Each name a module binds by import -> the top-level package it comes from."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                names[alias.asname or alias.name] = node.module.split(".")[0]
    return names


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def patches(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: what`` for each assignment to an attribute of something imported from a
    third-party package (``Page.render = ...``, ``mkdocs.utils.x = ...``, ``setattr(mod, ...)``,
    ``module.table[key] = ...``)."""
    tree = ast.parse(source, filename)
    imported = _imported(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
            targets = [ast.Attribute(value=node.args[0], attr="?")] if node.args else []
        for target in targets:
            chain = target
            while isinstance(chain, ast.Subscript):  # module.table[key] = ...
                chain = chain.value
            if not isinstance(chain, ast.Attribute):
                continue
            package = imported.get(_root(chain) or "")
            if package and package not in OWN and package not in sys.stdlib_module_names:
                found.append((node.lineno, f"{filename}:{node.lineno}: {ast.unparse(chain)}"))
    return [text for _, text in sorted(found)]


def tooling_files() -> list[Path]:
    return sorted(p for folder in SCANNED for p in (ROOT / folder).rglob("*.py"))


def test_the_scan_finds_a_patch() -> None:
    source = (
        "import mkdocs.utils\nfrom mkdocs.structure.pages import Page\nimport jieba as j\n"
        "mkdocs.utils.markdown_extensions = ()\nPage.render = None\nsetattr(j, 'cut', None)\n"
        "import os\nx = object()\nx.y = 1\nos.environ['A'] = '1'\nj.cache[1] = 2\n"
    )
    assert patches(source) == [
        "<source>:4: mkdocs.utils.markdown_extensions",
        "<source>:5: Page.render",
        "<source>:6: j.?",
        "<source>:11: j.cache",
    ]


@pytest.mark.parametrize("path", tooling_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_tooling_file_patches_another_package(path: Path) -> None:
    found = patches(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "\n".join(found)
