"""MkDocs hook: each page's last-commit date is asked of git once per commit, not once per build.

mkdocs-git-revision-date-localized runs ``git log`` for every page and ``git tag --points-at``
for most, in both editions, on every build: several hundred git processes. What they answer
depends only on the history, so this hook keeps the answers under ``.cache/git-dates/``, one
file per ``HEAD`` commit, set of tags and shallow boundary; an edit to a page changes nothing
git says until it is committed, and a commit moves ``HEAD``. A file git knows nothing of (not
committed yet) gets the build date from the plugin on every build, as without this hook. The
plugin's own parallel mode asks git in worker processes, whose answers this hook never sees:
the site turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path
from typing import Any

from build_caches import write_atomically
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

# Git's answers for the repository at "root" (the classes are patched for the whole process: a
# file of another repository, a test's, is asked of git as usual).
_state: dict[str, Any] = {"root": "", "path": None, "answers": None, "changed": False}


@event_priority(100)  # before the plugin asks git for the site's own date in its on_config
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        from mkdocs_git_revision_date_localized_plugin.util import Util
    except ImportError:  # the plugin is not installed
        return config
    root = Path(config.config_file_path).resolve().parent
    state = _history(root)
    if state is None:  # not a git checkout: the plugin falls back to the build date
        _state.update(path=None, answers=None)
        return config
    path = root / ".cache" / "git-dates" / f"{state}.json"
    if path != _state["path"]:
        try:
            answers = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            answers = {}
        _state.update(root=str(root), path=path, answers=answers, changed=False)
    _wrap(Util)  # again: MkDocs loads a hook file afresh each time it reads mkdocs.yml
    return config


def _history(root: Path) -> str | None:
    """The ``HEAD`` commit and a digest of every tag, or None outside a git checkout."""
    try:
        head = _git(root, "rev-parse", "HEAD").strip()
        tags = _git(root, "for-each-ref", "refs/tags", "--format=%(objectname) %(refname)")
        # A shallow clone stops the history at its boundary: deepening it moves no HEAD
        shallow = Path(root / _git(root, "rev-parse", "--git-path", "shallow").strip())
        boundary = shallow.read_text(encoding="utf-8") if shallow.is_file() else ""
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        return None
    digest = hashlib.sha256((tags + "\n" + boundary).encode()).hexdigest()[:16]
    return f"{head}-{digest}"


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True, timeout=30
    )
    return done.stdout


def _wrap(util: Any) -> None:
    commit_of = getattr(util.get_git_commit_timestamp, "__wrapped__", None)
    commit_of = commit_of or util.get_git_commit_timestamp
    tag_of = getattr(util.get_tag_name_for_commit, "__wrapped__", None)
    tag_of = tag_of or util.get_tag_name_for_commit

    def get_git_commit_timestamp(self: Any, path: str, is_first_commit: bool = False) -> Any:
        answers = _state["answers"]
        if answers is None or not os.path.realpath(path).startswith(_state["root"] + os.sep):
            return commit_of(self, path, is_first_commit)
        options = json.dumps([dict(self.config), self.ignored_commits], sort_keys=True, default=str)
        key = json.dumps(["commit", os.path.realpath(path), is_first_commit, options])
        if key in answers:
            return tuple(answers[key])
        commit_hash, timestamp = commit_of(self, path, is_first_commit)
        if commit_hash:  # no commit: the build date, which must not be kept
            answers[key] = [commit_hash, timestamp]
            _state["changed"] = True
        return commit_hash, timestamp

    def get_tag_name_for_commit(self: Any, commit_hash: str) -> Any:
        answers = _state["answers"]
        if answers is None or not commit_hash:
            return tag_of(self, commit_hash)
        key = json.dumps(["tag", commit_hash])
        if key not in answers:
            answers[key] = tag_of(self, commit_hash)
            _state["changed"] = True
        return answers[key]

    get_git_commit_timestamp.__wrapped__ = commit_of  # type: ignore[attr-defined]
    get_tag_name_for_commit.__wrapped__ = tag_of  # type: ignore[attr-defined]
    util.get_git_commit_timestamp = get_git_commit_timestamp
    util.get_tag_name_for_commit = get_tag_name_for_commit


def on_post_build(config: MkDocsConfig) -> None:
    path: Path | None = _state["path"]
    if path is None or not _state["changed"]:
        return
    write_atomically(path, json.dumps(_state["answers"]))
    _state["changed"] = False
