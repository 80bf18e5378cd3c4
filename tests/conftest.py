"""Fixtures for the snippet engine tests; the builders live in ``fixtures/snippet_repo.py``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock
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


ROOT = Path(__file__).resolve().parent.parent
SITE_BUILD_LIMIT = 1500  # seconds: a safety net against a hung build, not a speed check


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's own site, built strictly once per test run (the site tests and the browser
    tests share it), with the snippet cache the build would use. ``BUILT_SITE=<folder>`` reuses
    a strict build already made, for the edit loop of a browser test."""
    if os.environ.get("BUILT_SITE"):
        return Path(os.environ["BUILT_SITE"])
    # Under pytest-xdist each worker has a folder of its own inside the run's: the first worker
    # to get here builds the site there, the others wait for it and use it.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out, done = shared / "real-site", shared / "real-site.built"
    with FileLock(str(shared / "real-site.lock")):
        if not done.is_file():
            _build_real_site(out)
            done.touch()
    return out


def _build_real_site(out: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    try:
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=SITE_BUILD_LIMIT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the site build did not finish in {SITE_BUILD_LIMIT} s:\n{exc.stderr}")
    assert result.returncode == 0, result.stdout + result.stderr


# Modules that build a site or drive a browser: `make test-fast` leaves them out.
SLOW_MODULES = {"test_site", "test_minisite", "test_adapter_editions", "test_processes"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        module = item.path.stem
        if module in SLOW_MODULES or item.path.parent.name == "browser":
            item.add_marker(pytest.mark.slow)
