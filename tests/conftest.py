"""Fixtures for the snippet engine tests; the builders live in ``fixtures/snippet_repo.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from fixtures.snippet_repo import Repo, make_repo
from snippet_engine import runner


@pytest.fixture(scope="session")
def warm_fork_server() -> None:
    """Start this process's fork server with torch preloaded, as ``Engine.prewarm`` does, so
    every test runs snippets the way a build does, whatever order the tests run in."""
    runner.start_server(["numpy", "torch"])


@pytest.fixture
def repo(tmp_path: Path, warm_fork_server: None) -> Repo:
    """A throwaway repository with the real fieldkit helpers and the real MkDocs hooks."""
    return make_repo(tmp_path)
