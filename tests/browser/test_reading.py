"""What a reader does in a real browser: load pages, search, toggle dark mode, copy, read math."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from fixtures.built_site import edition_urls, page_urls

SEARCHES = {"retain_graph": "lifetime/", "grad_fn": "graph/", "AccumulateGrad": "graph/"}


EDITIONS = ("en", "zh")


def test_both_editions_are_covered(site_dir: Path) -> None:
    urls = page_urls(site_dir)
    assert sorted(u for e in EDITIONS for u in edition_urls(site_dir, e)) == sorted(urls)
    assert all(edition_urls(site_dir, e) for e in EDITIONS)


@pytest.mark.parametrize("query,expected", sorted(SEARCHES.items()))
def test_search_finds_api_names(page, search, query: str, expected: str) -> None:
    page.goto("/")
    search(page, query)
    results = page.locator(".md-search-result__item a")
    hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any(expected in href for href in hrefs), hrefs


def test_dark_mode_toggle_keeps_diagrams_visible(page) -> None:
    page.goto("/about/how-outputs-are-made/")
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


def test_copy_button_copies_the_code(page) -> None:
    page.goto("/about/how-outputs-are-made/")
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
    page.goto(candidates[0])
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
