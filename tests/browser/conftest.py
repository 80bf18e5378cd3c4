"""Browser tests: the strictly built site, served on 127.0.0.1, driven by Debian's Chromium.

Playwright's own browser download is not used; Chromium comes from the system
(``/usr/bin/chromium``, installed by ``.ci/run``; ``$CHROMIUM`` names another build, such as a
hosted runner's Google Chrome). Without it these tests are skipped with a reason on a
contributor's machine, and fail under CI (``CI`` set), so a CI run never passes without them.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def site_dir(real_site: Path) -> Path:
    """The site the browser reads: the strict build the whole test run shares."""
    return real_site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The built site served by a local HTTP server on a free port of 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Chromium driven by Playwright."""
    if not Path(CHROMIUM).is_file():
        reason = f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(reason + "; under CI the browser tests must run")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture()
def page(browser: object, base_url: str) -> Iterator[object]:
    """A fresh page that records console errors, failed requests and every requested URL."""
    context = browser.new_context(base_url=base_url)  # type: ignore[attr-defined]
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    tab = context.new_page()
    tab.console_errors = []
    tab.failed_requests = []
    tab.requested = []
    tab.on("console", lambda m: m.type == "error" and tab.console_errors.append(m.text))
    tab.on("requestfailed", lambda r: tab.failed_requests.append(f"{r.url} {r.failure}"))
    tab.on("request", lambda r: tab.requested.append(r.url))
    yield tab
    context.close()


def _search(page, query: str) -> None:
    """Type ``query`` into the header's search box, as a reader does, and wait for results."""
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=20)
    box.press("End")  # a real key-up: text typed without one (as CJK input arrives) is not searched
    page.locator(".md-search-result__item a").first.wait_for(state="attached", timeout=20_000)


@pytest.fixture()
def search() -> object:
    """Type a query into the search box and wait for results: ``search(page, query)``."""
    return _search
