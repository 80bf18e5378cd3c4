"""``Engine``: which files are snippets and notebooks."""

from __future__ import annotations

import time

from fixtures.snippet_repo import Repo


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


def test_helpers_follow_an_edit_of_an_imported_module(repo: Repo) -> None:
    repo.write("snippets/kit/__init__.py", "X = 1\n")
    repo.write("snippets/kit/extra.py", "Y = 2\n")
    rel = repo.write("snippets/t/a.py", "import kit\n")
    engine = repo.engine()
    assert engine.helpers(rel) == ["snippets/kit/__init__.py"]
    assert engine.helpers(rel) == ["snippets/kit/__init__.py"]  # asked again: the same
    time.sleep(0.01)  # a new modification time, even on a coarse clock
    repo.write("snippets/kit/__init__.py", "from kit import extra\n")
    assert engine.helpers(rel) == ["snippets/kit/__init__.py", "snippets/kit/extra.py"]
