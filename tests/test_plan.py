"""The cache key: it changes with everything a run depends on, and with nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide.engine import imports
from fieldguide.engine.plan import ENGINE_FILES, digests, engine_digest, plan
from fieldguide.engine.spec import load


def make(root: Path) -> None:
    (root / "snippets" / "topic").mkdir(parents=True)
    (root / "snippets" / "topic" / "show.py").write_text("import helper\nprint(helper.X)\n")
    (root / "snippets" / "topic" / "helper.py").write_text('"""Provides X."""\nX = 1\n')
    (root / "snippets" / "topic" / "other.py").write_text("print(2)\n")


def key(root: Path, *, timeout: float = 60.0) -> str:
    snippet = load(root, "snippets/topic/show.py")
    helper = root / "snippets" / "topic" / "helper.py"
    return plan(snippet, [helper], {"math"}, root=root, engine="e", default_timeout=timeout).key


def test_the_key_follows_the_snippet_and_what_it_imports(tmp_path: Path) -> None:
    make(tmp_path)
    first = key(tmp_path)
    assert key(tmp_path) == first
    (tmp_path / "snippets" / "topic" / "other.py").write_text("print(3)\n")
    assert key(tmp_path) == first  # a file it does not import
    (tmp_path / "snippets" / "topic" / "helper.py").write_text('"""Provides X."""\nX = 2\n')
    second = key(tmp_path)
    assert second != first
    (tmp_path / "snippets" / "topic" / "show.py").write_text("import helper\nprint(helper.X, 0)\n")
    assert key(tmp_path) not in (first, second)
    assert key(tmp_path, timeout=5.0) != key(tmp_path)


def test_a_plan_lists_its_helpers_and_file_hashes(tmp_path: Path) -> None:
    make(tmp_path)
    snippet = load(tmp_path, "snippets/topic/show.py")
    helper = tmp_path / "snippets" / "topic" / "helper.py"
    planned = plan(snippet, [helper], set(), root=tmp_path, engine="e", default_timeout=7.0)
    assert planned.timeout == 7.0
    assert [(h.rel, h.summary) for h in planned.helpers] == [
        ("snippets/topic/helper.py", "Provides X.")
    ]
    assert set(planned.files) == {"snippets/topic/show.py", "snippets/topic/helper.py"}
    assert digests(tmp_path, ["snippets/gone.py"]) == {"snippets/gone.py": None}


def test_the_engine_digest_covers_the_files_that_shape_a_record() -> None:
    folder = Path(__file__).resolve().parents[1] / "src" / "fieldguide" / "engine"
    assert all((folder / name).is_file() for name in ENGINE_FILES)
    assert engine_digest() == engine_digest() and len(engine_digest()) == 64


def test_the_key_follows_what_the_imported_libraries_require(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only the distributions the snippet imports: torch.compile's output depends on sympy's
    version, which torch requires. A tool nothing imported requires changes nothing."""
    make(tmp_path)
    (tmp_path / "snippets" / "topic" / "show.py").write_text("import torch\nimport helper\n")

    def planned() -> str:
        snippet = load(tmp_path, "snippets/topic/show.py")
        helper = tmp_path / "snippets" / "topic" / "helper.py"
        return plan(snippet, [helper], {"torch"}, root=tmp_path, engine="e", default_timeout=60).key

    first = planned()
    needed = imports.dependency_versions(["torch"])
    assert "sympy" in needed and "torch" in needed and "pytest" not in needed
    versions = dict(imports._Installed.versions)
    monkeypatch.setitem(imports._Installed.versions, "sympy", "0.0-other")
    assert planned() != first
    monkeypatch.setattr(imports._Installed, "versions", {**versions, "pytest": "0.0-other"})
    assert planned() == first
