"""What a reader does in a real browser: load pages, search, toggle dark mode, copy, read math."""

from __future__ import annotations

import contextlib
import gzip
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from fixtures.built_site import page_urls
from playwright.sync_api import TimeoutError as PlaywrightTimeout

MAX_PAGE_BYTES = 1_500_000
COMPRESSED_TYPES = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".map"}
SEARCHES = {"retain_graph": "lifetime/", "grad_fn": "graph/", "AccumulateGrad": "graph/"}


def _transferred(path: Path) -> int:
    """Bytes a compressing static host (GitHub Pages gzips text) sends for ``path``."""
    data = path.read_bytes()
    if path.suffix in COMPRESSED_TYPES:
        return len(gzip.compress(data, compresslevel=6))
    return len(data)


EDITIONS = ("en", "zh")  # one test each, which parallel workers can share


def _edition(urls: list[str], edition: str) -> list[str]:
    return [u for u in urls if u.startswith("/zh/") == (edition == "zh")]


def test_both_editions_are_covered(site_dir: Path) -> None:
    urls = page_urls(site_dir)
    assert sorted(u for e in EDITIONS for u in _edition(urls, e)) == sorted(urls)
    assert all(_edition(urls, e) for e in EDITIONS)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_loads_offline_and_light(
    page, site_dir: Path, base_url: str, edition: str
) -> None:
    """No console error, no failed request, nothing requested off 127.0.0.1, and every page with
    all it loads (search index included) under 1.5 MB as transferred."""
    weights = {}
    for url in _edition(page_urls(site_dir), edition):
        page.requested.clear()
        # Loaded, and the search index (fetched by the theme's worker, after the load event) in
        # too: what a visit downloads. Waiting for the network to stay quiet added 0.5 s a page.
        with page.expect_request_finished(lambda r: r.url.endswith("/search_index.json")):
            page.goto(url)
        page.evaluate("document.fonts.ready.then(() => true)")  # math fonts, requested by layout
        # (the favicon, requested last, may land in the next page's count: 2 kB either way)
        foreign = [u for u in page.requested if not u.startswith((base_url, "data:", "blob:"))]
        assert not foreign, f"{url} requested {foreign}"
        total = 0
        for requested in set(page.requested):
            if requested.startswith(base_url):
                path = urlparse(requested).path
                local = site_dir / path.lstrip("/")
                local = local / "index.html" if local.is_dir() else local
                total += _transferred(local) if local.is_file() else 0
        weights[url] = total
    assert not page.console_errors, page.console_errors
    # A request still under way when the test moves to the next page is aborted by the browser
    # (a search worker starting late on a busy machine): not a failure, as long as the file is
    # there. Anything else that failed (refused, unresolved, blocked) is.
    aborted = [f.split()[0] for f in page.failed_requests if f.endswith("net::ERR_ABORTED")]
    failed = [f for f in page.failed_requests if not f.endswith("net::ERR_ABORTED")]
    assert not failed, failed
    missing = [u for u in aborted if not (site_dir / urlparse(u).path.lstrip("/")).exists()]
    assert not missing, missing
    (site_dir.parent / f"page-weights-{edition}.json").write_text(json.dumps(weights, indent=1))
    heaviest = max(weights, key=weights.__getitem__)
    assert weights[heaviest] < MAX_PAGE_BYTES, f"{heaviest} weighs {weights[heaviest]} bytes"


@pytest.mark.parametrize("query,expected", sorted(SEARCHES.items()))
def test_search_finds_api_names(page, search, query: str, expected: str) -> None:
    page.goto("/", wait_until="networkidle")
    search(page, query)
    results = page.locator(".md-search-result__item a")
    hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any(expected in href for href in hrefs), hrefs


def test_dark_mode_toggle_keeps_diagrams_visible(page) -> None:
    page.goto("/about/how-outputs-are-made/", wait_until="networkidle")
    figure = page.locator(".snippet-figure svg").first
    before = figure.locator("rect").first.evaluate("r => getComputedStyle(r).fill")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    box = figure.bounding_box()
    assert box is not None and box["width"] > 50 and box["height"] > 50
    after = figure.locator("rect").first.evaluate("r => getComputedStyle(r).fill")
    background = page.evaluate(
        "getComputedStyle(document.querySelector('.md-main')).backgroundColor"
    )
    assert after != before, "diagram colours did not follow the theme"
    assert after != background


@pytest.mark.parametrize("edition", EDITIONS)
def test_math_renders(page, site_dir: Path, edition: str) -> None:
    with_math = [
        u
        for u in _edition(page_urls(site_dir), edition)
        if 'class="arithmatex"' in (site_dir / u.lstrip("/") / "index.html").read_text()
    ]
    assert with_math, "no page has math"
    rendered = (
        "() => [...document.querySelectorAll('.arithmatex')]"
        ".every(e => e.querySelector('.katex, .katex-error'))"
    )
    for url in with_math:
        page.goto(url)  # KaTeX renders when the page has loaded: no need to wait for the network
        with contextlib.suppress(PlaywrightTimeout):  # the assertions below say what is missing
            page.wait_for_function(rendered, timeout=10_000)
        assert page.locator(".arithmatex .katex").count() > 0, url
        raw = page.locator(".arithmatex").evaluate_all(
            "els => els.filter(e => !e.querySelector('.katex')).map(e => e.textContent)"
        )
        assert not raw, f"{url}: unrendered math {raw[:3]}"
        assert page.locator(".katex-error").count() == 0, url


def test_copy_button_copies_the_code(page) -> None:
    page.goto("/about/how-outputs-are-made/", wait_until="networkidle")
    block = page.locator("div.language-python.highlight").first
    code = block.locator("code").inner_text()
    block.hover()
    block.locator("button[data-clipboard-target]").click()
    copied = page.evaluate("navigator.clipboard.readText()")

    def lines(text: str) -> list[str]:  # the page's line spans drop blank lines from innerText
        return [line for line in text.splitlines() if line.strip()]

    assert lines(copied) == lines(code)
    assert "import torch" in copied


def test_linked_content_tabs_stick(page, site_dir: Path) -> None:
    """Choosing a tab in one group selects the same label in every other group of the page."""
    candidates = []
    for url in page_urls(site_dir):
        text = (site_dir / url.lstrip("/") / "index.html").read_text()
        labels = re.findall(r'<label for="__tabbed_\d+_\d+">([^<]+)</label>', text)
        if text.count('class="tabbed-set') >= 2 and len(labels) > len(set(labels)):
            candidates.append(url)
    assert candidates, "no page has two tab groups sharing a label any more"
    page.goto(candidates[0], wait_until="networkidle")
    labels = page.locator(".tabbed-labels label")
    texts = labels.all_inner_texts()
    shared = next(t for t in texts if texts.count(t) > 1 and t != texts[0])
    labels.filter(has_text=shared).first.click()
    page.wait_for_timeout(200)
    for group in page.locator(".tabbed-set").all():
        names = group.locator(".tabbed-labels label").all_inner_texts()
        if shared in names:
            checked = group.locator("input:checked").get_attribute("id")
            active = group.locator(f"label[for='{checked}']").inner_text()
            assert active == shared


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag == "a" and values.get("href"):
            self.hrefs.append(values["href"] or "")


def test_every_internal_link_and_anchor_resolves(site_dir: Path) -> None:
    parsed: dict[Path, _Links] = {}

    def load(path: Path) -> _Links:
        if path not in parsed:
            parser = _Links()
            parser.feed(path.read_text(encoding="utf-8"))
            parsed[path] = parser
        return parsed[path]

    broken = []
    for html_file in sorted(site_dir.rglob("*.html")):
        page_url = "/" + html_file.relative_to(site_dir).as_posix()
        for href in load(html_file).hrefs:
            target = urljoin(page_url, href)
            if urlparse(target).scheme or target.startswith("//"):
                continue
            path, anchor = urldefrag(target)
            local = site_dir / urlparse(path).path.lstrip("/")
            if local.is_dir():
                local = local / "index.html"
            if not local.is_file():
                broken.append(f"{page_url}: {href}")
            elif anchor and local.suffix == ".html" and anchor not in load(local).ids:
                broken.append(f"{page_url}: {href} (no #{anchor})")
    assert not broken, "\n".join(broken[:30])
