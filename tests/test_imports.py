"""``imports``: what a snippet depends on, found by reading its imports."""

from __future__ import annotations

import os
from importlib import metadata
from pathlib import Path

import pytest
from fixtures.snippet_repo import Repo

from fieldguide.engine import imports


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


def test_a_module_inside_a_namespace_folder_is_local(repo: Repo) -> None:
    """``from topic.kit import x`` with no ``__init__.py`` in ``topic/``: editing kit must
    still rerun the snippet, so it is a local dependency, not a library."""
    kit = repo.root / repo.write("snippets/topic/kit/__init__.py", "import numpy\n")
    script = repo.root / repo.write("snippets/other/a.py", "from topic.kit import x\n")
    files, external = imports.local_dependencies(script, repo.root / "snippets")
    assert files == [kit]
    assert external == {"numpy"}


def test_library_versions_read_metadata() -> None:
    versions = imports.library_versions({"json", "torch", "filelock", "no_such_module_here"})
    assert versions == {
        "torch": metadata.version("torch"),
        "filelock": metadata.version("filelock"),
    }


def test_dependencies_are_remembered_until_a_file_or_folder_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "snippets"
    (root / "t").mkdir(parents=True)
    (root / "t" / "helper.py").write_text("import json\n", encoding="utf-8")
    script = root / "t" / "a.py"
    script.write_text("import helper\nimport extra\n", encoding="utf-8")
    reads: list[Path] = []
    find = imports._local_dependencies
    monkeypatch.setattr(
        imports, "_local_dependencies", lambda s, r, seen: reads.append(s) or find(s, r, seen)
    )

    def bump(path: Path) -> None:  # a later modification time, whatever the clock's resolution
        stat = path.stat()
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))

    first = imports.local_dependencies(script, root)
    assert first == ([root / "t" / "helper.py"], {"json", "extra"})
    assert imports.local_dependencies(script, root) == first and len(reads) == 2
    (root / "t" / "helper.py").write_text("import numpy\n", encoding="utf-8")
    bump(root / "t" / "helper.py")
    assert imports.local_dependencies(script, root)[1] == {"numpy", "extra"}
    (root / "t" / "extra.py").write_text("", encoding="utf-8")  # "extra" is now local
    bump(root / "t")
    assert imports.local_dependencies(script, root)[0] == [
        root / "t" / "extra.py",
        root / "t" / "helper.py",
    ]
    assert len(reads) == 6  # each reading is made twice: before and after the stamps


def test_a_module_added_in_a_namespace_folder_is_seen(tmp_path: Path) -> None:
    root = tmp_path / "snippets"
    (root / "t").mkdir(parents=True)
    (root / "pkg").mkdir()  # a namespace package: no __init__.py, nothing in it is read
    script = root / "t" / "a.py"
    script.write_text("import pkg.mod\n", encoding="utf-8")
    assert imports.local_dependencies(script, root) == ([], {"pkg"})
    (root / "pkg" / "mod.py").write_text("X = 1\n", encoding="utf-8")
    stat = (root / "pkg").stat()  # a later modification time, whatever the clock's resolution
    os.utime(root / "pkg", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert imports.local_dependencies(script, root) == ([root / "pkg" / "mod.py"], set())


def _a_new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the installed distributions in memory, as in a process just started."""
    monkeypatch.setattr(imports._Remembered, "loaded", set())
    monkeypatch.setattr(imports._Installed, "stamps", None)
    monkeypatch.setattr(imports._Installed, "names", None)
    monkeypatch.setattr(imports._Installed, "by_module", None)
    monkeypatch.setattr(imports._Installed, "versions", {})
    monkeypatch.setattr(imports._Installed, "remembered", None)
