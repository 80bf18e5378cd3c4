"""Fixtures for the snippet engine tests; the builders live in ``fixtures/snippet_repo.py``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fixtures.snippet_repo import Repo, make_repo

from fieldguide.engine import runner


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


def _not_results(folder: str, names: list[str]) -> list[str]:
    """What a seeded snippet cache leaves out: compiled kernels, notebooks, locks."""
    return [n for n in names if n in ("inductor", "notebooks") or n.endswith(".lock")]


SITE_BUILD_LIMIT = 1500  # seconds: a safety net against a hung build, not a speed check


class _SiteBuild:
    """The strict build of the project's site, started once per test run in the background.

    Under pytest-xdist every worker process has a folder of its own inside the run's: the first
    to get here starts the build there, and whichever test needs the site waits for it. The
    tests that do not need it run meanwhile (they come first: ``pytest_collection_modifyitems``).
    """

    waiter: threading.Thread | None = None

    @staticmethod
    def folder(factory: pytest.TempPathFactory) -> Path:
        shared = factory.getbasetemp()
        return shared.parent if os.environ.get("PYTEST_XDIST_WORKER") else shared

    @classmethod
    def start(cls, shared: Path) -> None:
        try:  # one process of the run starts it
            os.close(os.open(shared / "real-site.started", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        # Hermetic: the build's caches are the run's own, seeded with the working tree's snippet
        # results (read, never written: `make test` has just checked every one of them).
        cache = shared / "real-site-cache" / "snippets"
        if (ROOT / ".cache" / "snippets").is_dir():
            shutil.copytree(ROOT / ".cache" / "snippets", cache, ignore=_not_results)
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SNIPPETS_CACHE_DIR=str(cache))
        log = (shared / "real-site.log").open("w", encoding="utf-8")
        build = subprocess.Popen(
            [sys.executable, "-m", "properdocs", "build", "-f", "mkdocs.yml", "--strict", "-d"]
            + [str(shared / "real-site")],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
        )

        def wait() -> None:
            try:
                status = str(build.wait(timeout=SITE_BUILD_LIMIT))
            except subprocess.TimeoutExpired:
                build.kill()
                build.wait()
                status = f"no end after {SITE_BUILD_LIMIT} s"
            log.close()
            (shared / "real-site.status.tmp").write_text(status, encoding="utf-8")
            (shared / "real-site.status.tmp").rename(shared / "real-site.status")

        cls.waiter = threading.Thread(target=wait, name="site-build", daemon=True)
        cls.waiter.start()

    @staticmethod
    def result(shared: Path) -> Path:
        """The built site, once the build has ended; the test fails if the build did."""
        status = shared / "real-site.status"
        deadline = time.monotonic() + SITE_BUILD_LIMIT + 60
        while not status.is_file():
            if time.monotonic() > deadline:
                pytest.fail(f"the site build did not end in {SITE_BUILD_LIMIT} s")
            time.sleep(0.2)
        if status.read_text(encoding="utf-8") != "0":
            log = (shared / "real-site.log").read_text(encoding="utf-8")
            pytest.fail(f"the site build failed ({status.read_text()}):\n{log[-20_000:]}")
        return shared / "real-site"


@pytest.fixture(scope="session", autouse=True)
def _site_build_started(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Start the site build as the test run starts, if a test selected reads the site; a
    process that started it waits for it before it exits."""
    items = request.session.items
    if not os.environ.get("BUILT_SITE") and any("real_site" in i.fixturenames for i in items):
        _SiteBuild.start(_SiteBuild.folder(tmp_path_factory))
    yield
    if _SiteBuild.waiter is not None:
        _SiteBuild.waiter.join()


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's own site, built strictly once per test run (the site tests and the browser
    tests share it), with the snippet cache the build would use. ``BUILT_SITE=<folder>`` reuses
    a strict build already made, for the edit loop of a browser test."""
    if os.environ.get("BUILT_SITE"):
        return Path(os.environ["BUILT_SITE"])
    shared = _SiteBuild.folder(tmp_path_factory)
    _SiteBuild.start(shared)  # (already started, unless this is the first fixture to run)
    return _SiteBuild.result(shared)


# Modules that build a site or drive a browser: `make test-fast` leaves them out.
SLOW_MODULES = {
    "test_site",
    "test_minisite",
    "test_plugin",
    "test_plugin_editions",
    "test_processes",
    "test_zensical_preview",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests, and put the tests of a module that reads the built site last (the
    every-page visits first among them: they are the longest), so that the others run while the
    site builds. ``make test`` keeps this order (``--no-loadscope-reorder``)."""
    reads_site = set()
    for item in items:
        module = item.path.stem
        if module in SLOW_MODULES or item.path.parent.name == "browser":
            item.add_marker(pytest.mark.slow)
        if "real_site" in item.fixturenames:
            reads_site.add(item.path)
    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda i: (i.path in reads_site, i.path.stem != "test_every_page", order[id(i)]))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line at the end when the browser tests could not run: how many, and how to fix it."""
    skipped = terminalreporter.stats.get("skipped", [])
    reasons = [str(r.longrepr[2]) for r in skipped if isinstance(r.longrepr, tuple)]
    browser = [r for r in reasons if "no Chromium at" in r]
    if browser:
        terminalreporter.write_line(
            f"{len(browser)} browser tests skipped: no Chromium; "
            "install it with `sudo apt-get install chromium` (or set CHROMIUM=/path/to/chrome)"
        )
