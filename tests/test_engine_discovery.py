"""``Engine``: which files are snippets and notebooks."""

from __future__ import annotations

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
