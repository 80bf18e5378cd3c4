"""The Chinese edition in a real browser: switcher, search for a Chinese term, tabs, diagrams."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_language_switcher_leads_to_the_chinese_page(page) -> None:
    page.goto("/graph/leaves-and-grad-fn/")
    page.locator(".md-header__option .md-select").first.hover()
    link = page.locator(".md-select__link[hreflang='zh']").first
    link.click()
    page.wait_for_load_state()
    assert "/zh/graph/leaves-and-grad-fn/" in page.url
    assert page.locator("html").get_attribute("lang") == "zh"
    assert "叶子" in page.locator("article").inner_text()
    assert not page.console_errors, page.console_errors


def test_search_finds_a_chinese_term(page, search) -> None:
    page.goto("/zh/")
    search(page, "叶子 张量")
    results = page.locator(".md-search-result__item a")
    hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any("/zh/graph/leaves-and-grad-fn/" in href for href in hrefs), hrefs


def test_chinese_page_shows_the_same_outputs_and_diagrams(page) -> None:
    counts = []
    for url in ("/graph/leaves-and-grad-fn/", "/zh/graph/leaves-and-grad-fn/"):
        page.goto(url)
        counts.append(
            (page.locator(".snippet-output").count(), page.locator(".snippet-figure svg").count())
        )
    assert counts[0] == counts[1], counts
    assert counts[0][1] > 0, "the page has no diagram"
    box = page.locator(".snippet-figure svg").first.bounding_box()
    assert box is not None and box["width"] > 50


def test_chinese_page_content_tabs_switch_together(page, site_dir: Path) -> None:
    url = "/zh/beyond/tf-jax-side-by-side/"
    assert (site_dir / url.strip("/") / "index.html").is_file(), "the Chinese side-by-side page"
    page.goto(url)
    labels = page.locator(".tabbed-labels label", has_text="JAX")
    assert labels.count() >= 2
    labels.first.click()
    page.wait_for_timeout(200)
    for group in page.locator(".tabbed-set").all():
        names = group.locator(".tabbed-labels label").all_inner_texts()
        if "JAX" in names:
            checked = group.locator("input:checked").get_attribute("id")
            assert group.locator(f"label[for='{checked}']").inner_text() == "JAX"


def test_chinese_pages_describe_themselves_in_chinese_and_use_chinese_fonts(page) -> None:
    page.goto("/zh/", wait_until="domcontentloaded")
    description = page.locator("meta[name=description]").get_attribute("content") or ""
    assert re.search("[\u4e00-\u9fff]", description), description  # a Chinese character
    fonts = page.evaluate("getComputedStyle(document.querySelector('article')).fontFamily")
    assert "PingFang SC" in fonts and "Noto Sans CJK SC" in fonts, fonts
    page.goto("/", wait_until="domcontentloaded")
    fonts = page.evaluate("getComputedStyle(document.querySelector('article')).fontFamily")
    assert "PingFang SC" not in fonts, fonts
