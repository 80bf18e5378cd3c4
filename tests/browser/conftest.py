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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fixtures.built_site import edition_urls

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
    """The site the browser reads: the strict build the whole test run shares, search index
    included (the build writes it)."""
    return real_site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def site_server(site_dir: Path) -> Iterator[http.server.ThreadingHTTPServer]:
    """The built site served by a local HTTP server."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def base_url(site_server: http.server.ThreadingHTTPServer) -> str:
    """The address of the served site."""
    return f"http://127.0.0.1:{site_server.server_address[1]}"


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


DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's own default


@pytest.fixture(scope="session")
def _tab(browser: object, base_url: str) -> Iterator[object]:
    """The one tab of this test process, which records console errors, failed requests and
    every requested URL. Opening a tab costs Chromium about a CPU-second on this kind of
    machine, as much as loading a page twice: the tests share one, reset between them."""
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


@pytest.fixture()
def page(_tab: object, base_url: str) -> object:
    """The tab as a first-time visitor has it: on a blank page, the site's storage (progress,
    the chosen colour scheme) and cookies cleared, the default viewport and colour scheme, no
    other tab open, and nothing recorded yet."""
    return _reset(_tab, base_url)


def _reset(tab: Any, base_url: str) -> Any:
    for other in tab.context.pages:
        if other is not tab:
            other.close()
    tab.goto("about:blank")
    session = tab.context.new_cdp_session(tab)
    session.send(
        "Storage.clearDataForOrigin",
        {"origin": base_url, "storageTypes": "local_storage,session_storage,cookies"},
    )
    session.detach()
    tab.set_viewport_size(DEFAULT_VIEWPORT)
    tab.emulate_media(color_scheme="light")
    tab.console_errors.clear()
    tab.failed_requests.clear()
    tab.requested.clear()
    return tab


# The search box (overrides/partials/search.html, assets/javascripts/search.js). A test empties
# it, types or pastes (the clipboard and Ctrl+V, as a reader pastes) its query, and waits until
# the box says which text its results are for (data-searched). A typed query is entered at once
# (one input event, as the last key of typing it gives): the box searches on every key and shows
# the last text's results (test_search_queries.py types one query key by key to hold it to that).
SEARCHED = "text => document.querySelector('.md-search').dataset.searched === text"
RESULTS = """() => [...document.querySelectorAll(".md-search-result__item")].map(item => {
  const path = (a) => { const url = new URL(a.href); return url.pathname + url.hash; };
  const links = [...item.querySelectorAll("a")].map(path);
  return {page: path(item.querySelector(":scope > a")), links};
})"""


def _enter(page: Any, query: str, paste: bool, keys: bool = False) -> list[dict[str, Any]]:
    """Search ``query`` in the emptied box, pasted, typed at once, or (``keys``) typed key by
    key, and return the results, one per page as the box groups them: ``{"page": its link,
    "links": every link}``, each a site path and fragment (``/errors/x/#anchor``)."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    page.wait_for_function(SEARCHED, arg="")
    if paste:
        page.evaluate("text => navigator.clipboard.writeText(text)", query)
        box.press("Control+V")
    elif keys:
        box.press_sequentially(query)
    else:
        box.fill(query)
    page.wait_for_function(SEARCHED, arg=box.input_value(), timeout=30_000)
    return list(page.evaluate(RESULTS))


def _search(page: Any, query: str) -> list[dict[str, Any]]:
    return _enter(page, query, paste=False)


def _paste_search(page: Any, query: str) -> list[dict[str, Any]]:
    return _enter(page, query, paste=True)


@pytest.fixture()
def paste_search() -> object:
    """Paste a query into the search box and read the results: ``paste_search(page, query)``
    (see ``_enter``)."""
    return _paste_search


@pytest.fixture()
def search() -> object:
    """Type a query into the search box and read the results: ``search(page, query)``."""
    return _search


# -- every page of an edition, loaded once ---------------------------------------------------
# Pages are visited as on a laptop's screen: the layout checks (test_every_page.py) measure the
# column there.
WIDE = {"width": 1440, "height": 900}
# Every block of the page: code blocks (source and illustrative) and output blocks, whether each
# scrolls sideways, and whether any of its text lies under its copy button.
MEASURE_FIT = """() => {
  const article = document.querySelector("article");
  if (!article) return {code: [], output: [], covered: [], column: 0};
  const scrolls = (code) => code.scrollWidth > code.clientWidth + 1;
  const blocks = [...article.querySelectorAll("pre > code")]
    .filter(code => code.getClientRects().length);  // shown (not in a closed <details>)
  const code = [], output = [], covered = [];
  for (const block of blocks) {
    const isOutput = !!block.closest(".snippet-output");
    (isOutput ? output : code).push(scrolls(block));
    const button = block.parentElement.querySelector(
      ":scope > .md-code__nav button, :scope > .md-clipboard");
    if (!button || !button.getClientRects().length) continue;
    const b = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(block);
    const seen = block.getBoundingClientRect();
    for (const r of range.getClientRects()) {
      const visible = r.right > seen.left && r.left < seen.right;
      if (visible && r.width > 0 && r.right > b.left && r.left < b.right
          && r.bottom > b.top && r.top < b.bottom) {
        covered.push(block.textContent.split("\\n")[0].slice(0, 60));
        break;
      }
    }
  }
  return {code, output, covered, column: article.getBoundingClientRect().width};
}"""
# What a visit reads, in one call into the page once it has loaded: the fonts in, then the math
# counts (math is MathML the browser lays out: a formula is drawn when its <math> element has a
# size) and, for a Chinese page, the prose. Code, math and figures are not prose: each becomes a
# Latin placeholder, so that the spaces the source puts around inline code ("在 `x` 中") are not
# read as gaps.
READ_VISIT = """async (withProse) => {
  await document.fonts.ready;
  const math = [...document.querySelectorAll(".arithmatex")];
  // (a formula in a closed block is not laid out: it has its <math>, and no box to measure)
  const drawn = (e) => {
    const formula = e.querySelector("math");
    if (!formula) return false;
    if (!e.getClientRects().length) return true;
    const box = formula.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let prose = "";
  if (withProse) {
    const article = document.querySelector("article").cloneNode(true);
    article.querySelectorAll("pre, .snippet-output, figure, script, style")
      .forEach(n => n.remove());
    article.querySelectorAll("code, svg, .arithmatex")
      .forEach(node => node.replaceWith(document.createTextNode("X")));
    document.body.appendChild(article);  // innerText needs a rendered element
    prose = article.innerText;
    article.remove();
  }
  return {
    math: math.length,
    rendered: math.filter(drawn).length,
    unrendered: math.filter(e => !drawn(e)).map(e => e.textContent),
    errors: document.querySelectorAll(".arithmatex merror").length,
    prose,
  };
}"""


@dataclass(frozen=True)
class Visit:
    """What loading one page showed a reader's browser."""

    url: str
    requested: list[str]  # every URL it asked for
    console_errors: list[str]
    failed_requests: list[str]
    math: int  # math elements in the page
    rendered_math: int  # those the browser drew (MathML with a size)
    unrendered_math: list[str]  # the source of those it did not
    math_errors: int  # MathML error elements
    prose: str  # the article's text without code, math or figures (Chinese pages only)
    code_scrolls: list[bool]  # each shown code block: whether it scrolls sideways
    output_scrolls: list[bool]  # each shown output block: the same
    covered: list[str]  # the first line of each block with text under its copy button
    column: float  # the article's width in pixels


@pytest.fixture(scope="session")
def every_page(
    _tab: object, base_url: str, site_dir: Path, site_server: object
) -> Callable[[str], list[Visit]]:
    """``every_page(edition)``: every page of the edition loaded once in this process's tab,
    and what each showed. The tests that read an edition's visits are one class, which the
    test run keeps in one process (``--dist loadscope``): the pages are loaded once for all."""
    visits: dict[str, list[Visit]] = {}

    def visit(edition: str) -> list[Visit]:
        if edition not in visits:
            tab = _reset(_tab, base_url)
            tab.set_viewport_size(WIDE)
            urls = edition_urls(site_dir, edition)
            visits[edition] = [_visit(tab, url, prose=edition == "zh") for url in urls]
        return visits[edition]

    return visit


def _visit(tab: Any, url: str, prose: bool) -> Visit:
    """Load ``url`` and read what it showed; its prose only if ``prose`` (laying the whole
    article out again costs a tenth of a second a page, and only Chinese pages need it)."""
    for record in (tab.requested, tab.console_errors, tab.failed_requests):
        record.clear()
    tab.goto(url)  # (loaded: what a visit downloads before the reader does anything)
    read = tab.evaluate(READ_VISIT, prose)
    fit = tab.evaluate(MEASURE_FIT)
    # (the favicon, requested last, may land in the next page's count: 2 kB either way)
    return Visit(
        url=url,
        requested=list(tab.requested),
        console_errors=list(tab.console_errors),
        failed_requests=list(tab.failed_requests),
        math=read["math"],
        rendered_math=read["rendered"],
        unrendered_math=read["unrendered"],
        math_errors=read["errors"],
        prose=read["prose"],
        code_scrolls=fit["code"],
        output_scrolls=fit["output"],
        covered=fit["covered"],
        column=fit["column"],
    )
