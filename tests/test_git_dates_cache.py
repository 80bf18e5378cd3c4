"""``overrides/hooks/git_dates_cache.py``: git is asked for a page's last-commit date once per
commit; a new commit is seen, and a page not committed yet gets the build date every time."""

from __future__ import annotations

import datetime
import os
import subprocess
from pathlib import Path

import git
import pytest
from fixtures.small_site import build_site, small_site

CONFIG = """\
theme:
  name: mkdocs
plugins:
  - git-revision-date-localized:
      type: iso_date
      fallback_to_build_date: true
      strict: false  # as the site has it: a page not committed is a notice
      enable_parallel_processing: false  # as the site has it: answers kept in this process
"""
PAGE = "# Page\n\nUpdated {{ git_revision_date_localized }}.\n"


@pytest.fixture
def git_logs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every ``git log`` the plugin runs from now on."""
    seen: list[list[str]] = []
    execute = git.cmd.Git.execute

    def counting(self: git.cmd.Git, command: list[str], *args: object, **kwargs: object) -> object:
        if "log" in command:
            seen.append(list(command))
        return execute(self, command, *args, **kwargs)

    monkeypatch.setattr(git.cmd.Git, "execute", counting)
    return seen


def _commit(root: Path, date: str) -> None:
    env = dict(os.environ, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    for args in (["add", "-A"], ["commit", "-q", "-m", "pages"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = small_site(tmp_path, {"index.md": PAGE}, CONFIG, ["git_dates_cache.py"])
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    for key, value in (("user.name", "A"), ("user.email", "a@example.invalid")):
        subprocess.run(["git", "config", key, value], cwd=root, check=True)
    (root / ".gitignore").write_text("site/\n.cache/\n", encoding="utf-8")
    _commit(root, "2020-01-02T12:00:00+00:00")
    return root


def _shown(site: Path, page: str = "") -> str:
    text = (site / page / "index.html").read_text(encoding="utf-8")
    return text.split("Updated ", 1)[1].split(".", 1)[0]


def test_git_is_asked_once_per_commit(repo: Path, git_logs: list[list[str]]) -> None:
    assert "2020-01-02" in _shown(build_site(repo))
    assert git_logs  # asked, the first time
    git_logs.clear()
    assert "2020-01-02" in _shown(build_site(repo))
    assert git_logs == []


def test_a_new_commit_is_seen(repo: Path) -> None:
    build_site(repo)
    (repo / "docs" / "index.md").write_text(PAGE + "\nMore.\n", encoding="utf-8")
    assert "2020-01-02" in _shown(build_site(repo))  # an edit not committed changes nothing
    _commit(repo, "2021-03-04T12:00:00+00:00")
    assert "2021-03-04" in _shown(build_site(repo))


def test_a_page_not_committed_gets_the_build_date(repo: Path) -> None:
    (repo / "docs" / "new.md").write_text(PAGE, encoding="utf-8")
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    for _ in range(2):
        assert today in _shown(build_site(repo), "new")
    kept = "".join(p.read_text(encoding="utf-8") for p in (repo / ".cache").rglob("*.json"))
    assert "index.md" in kept and "new.md" not in kept
