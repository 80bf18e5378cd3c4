"""What a reader meets first: the home page's cards and error entry, figures that open enlarged,
unique ids, the notebook page, last-update dates, llms.txt, the English 404 and MathML
where there is math."""

from __future__ import annotations

import gzip
import json
import os
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import pytest
from fixtures.built_site import page_urls
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
EDITIONS = ["/", "/zh/"]
NOTEBOOK = "scratch/build-your-own/"
PLACEHOLDER_ALT = "No description has been provided for this image"


def _url(source: str) -> str:
    """The page URL (relative to an edition's root) of a docs source path."""
    url = source.removesuffix("index.md")
    for suffix in (".md", ".ipynb"):
        if url.endswith(suffix):
            url = url.removesuffix(suffix) + "/"
    return url


def _sections() -> dict[str, str]:
    """Each top-level section of the nav (not Home) -> the URL of its first page."""
    found = {}
    for item in CONFIG["nav"]:
        ((title, value),) = item.items()
        if title == "Home":
            continue
        first = value if isinstance(value, str) else value[0]
        first = first if isinstance(first, str) else next(iter(first.values()))
        found[title] = _url(first)
    return found


def _html(site_dir: Path, url: str) -> str:
    return (site_dir / url.lstrip("/") / "index.html").read_text(encoding="utf-8")


# --- the home page ----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_home_cards_cover_every_section(page, edition: str) -> None:
    page.goto(edition)
    hrefs = page.locator(".grid.cards a").evaluate_all(
        "links => links.map(a => new URL(a.href).pathname)"
    )
    wanted = {title: edition + url for title, url in _sections().items()}
    assert "Errors" in wanted, "the nav has no Errors section"
    missing = {title: url for title, url in wanted.items() if url not in hrefs}
    assert not missing, f"{edition}: no card for {missing}"
    assert page.locator(".grid.cards > ul > li").count() >= len(wanted)
    assert page.locator("article .snippet-output").count() <= 1
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("edition", EDITIONS)
def test_home_error_entry_leads_to_the_errors_section(page, edition: str) -> None:
    page.goto(edition)
    entry = page.locator("#i-have-an-error-message")
    assert entry.is_visible()
    box = entry.bounding_box()
    assert box is not None and box["y"] < 900, "the error entry is not near the top"
    entry.locator("a.md-button").first.click()
    page.wait_for_load_state()
    assert urlparse(page.url).path == f"{edition}errors/"


@pytest.mark.parametrize("edition", EDITIONS)
def test_home_links_to_the_other_edition(page, edition: str) -> None:
    page.goto(edition)
    other = "/zh/" if edition == "/" else "/"
    link = page.locator(".landing-language a")
    assert link.is_visible()
    link.click()
    page.wait_for_load_state()
    assert urlparse(page.url).path == other
    # the theme's own switch is there too
    assert page.locator(".md-header [hreflang]").count() >= 2


# --- figures ------------------------------------------------------------------------------------

FIGURE_PAGE = "/graph/"


def _dialog_open(page) -> bool:
    return page.evaluate("!!document.querySelector('dialog.figure-dialog')?.open")


@pytest.mark.parametrize("edition", EDITIONS)
def test_figure_opens_enlarged_by_click_and_closes_with_escape(page, edition: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(edition.rstrip("/") + FIGURE_PAGE)
    figure = page.locator("figure.snippet-figure").first
    width_in_page = figure.locator("svg").bounding_box()["width"]
    figure.locator("svg").click()
    assert _dialog_open(page)
    enlarged = page.locator("dialog.figure-dialog svg").bounding_box()
    assert enlarged is not None and enlarged["width"] > width_in_page * 1.5
    assert page.locator("dialog.figure-dialog .figure-dialog__title").inner_text().strip()
    page.keyboard.press("Escape")
    assert not _dialog_open(page)
    assert figure.locator("svg").count() == 1, "the drawing did not come back"
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("edition", EDITIONS)
def test_figure_opens_by_keyboard_and_focus_returns(page, edition: str) -> None:
    page.goto(edition.rstrip("/") + FIGURE_PAGE)
    button = page.locator("figure.snippet-figure .figure-zoom").first
    button.focus()
    page.keyboard.press("Enter")
    assert _dialog_open(page)
    page.keyboard.press("Escape")
    assert not _dialog_open(page)
    assert page.evaluate("document.activeElement.classList.contains('figure-zoom')")
    button.focus()
    page.keyboard.press(" ")
    assert _dialog_open(page)
    page.locator("dialog.figure-dialog .figure-dialog__close").click()
    assert not _dialog_open(page)


def test_autograd_graphs_have_a_legend_in_the_edition_language(page) -> None:
    for edition, shown, hidden in (("/", "en", "zh"), ("/zh/", "zh", "en")):
        page.goto(edition + "graph/")
        svg = page.locator("svg.autograd-graph").first
        assert svg.locator(f".agv-legend[lang='{shown}']").is_visible(), edition
        assert not svg.locator(f".agv-legend[lang='{hidden}']").is_visible(), edition
        assert svg.locator(".agv-legend .agv-key.leaf").count() == 2  # one per language


def test_no_page_has_duplicate_ids(site_dir: Path) -> None:
    repeated = {}
    for url in page_urls(site_dir) + ["/404.html", "/zh/404.html"]:
        path = site_dir / url.lstrip("/")
        path = path if path.suffix == ".html" else path / "index.html"
        ids = re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
        twice = [i for i, n in Counter(ids).items() if n > 1]
        if twice:
            repeated[url] = twice[:5]
    assert not repeated, repeated


def test_no_duplicate_ids_after_scripts_ran(page) -> None:
    for url in ("/graph/", "/beyond/distributed/", "/scratch/api/"):
        page.goto(url)
        twice = page.evaluate(
            "() => { const c = {}; for (const e of document.querySelectorAll('[id]'))"
            " c[e.id] = (c[e.id] || 0) + 1; return Object.keys(c).filter(k => c[k] > 1); }"
        )
        assert not twice, f"{url}: {twice[:5]}"


# --- the notebook page -------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_notebook_download_is_a_valid_notebook(page, edition: str, base_url: str) -> None:
    page.goto(edition + NOTEBOOK)
    link = page.locator(".notebook-download a")
    assert link.is_visible()
    href = link.evaluate("a => a.href")
    response = page.request.get(href)
    assert response.ok, href
    notebook = json.loads(response.body())
    assert notebook["nbformat"] == 4
    assert any(cell["cell_type"] == "code" for cell in notebook["cells"])
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".ipynb")


@pytest.mark.parametrize("edition", EDITIONS)
def test_notebook_images_have_alt_text(page, edition: str) -> None:
    page.goto(edition + NOTEBOOK)
    alts = page.locator("article img").evaluate_all("imgs => imgs.map(i => i.alt)")
    assert alts, "the notebook page shows no image"
    for alt in alts:
        assert alt and alt != PLACEHOLDER_ALT and len(alt) > 40, alt


def test_notebook_plot_reads_in_dark_mode(page) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(NOTEBOOK)
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    image = page.locator(".jp-RenderedImage img").first
    assert "invert" in image.evaluate("i => getComputedStyle(i).filter")


@pytest.mark.parametrize("edition", EDITIONS)
def test_notebook_page_has_no_large_inline_stylesheet(site_dir: Path, edition: str) -> None:
    html = _html(site_dir, edition + NOTEBOOK)
    styles = re.findall(r"<style[^>]*>(.*?)</style>", html, re.S)
    assert max((len(s) for s in styles), default=0) < 20_000, [len(s) for s in styles]
    assert len(gzip.compress(html.encode(), 6)) < 150_000
    assert '<script src="">' not in html


# --- dates, llms.txt, 404 ----------------------------------------------------------------------
def _pages(nav: list[object]) -> list[str]:
    """Every page of the navigation."""
    found: list[str] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        found += _pages(value) if isinstance(value, list) else [str(value)]
    return found


# The dates and llms.txt come from plugins that only the deployed site runs (`enabled: !ENV [CI,
# false]` in mkdocs.yml): CI builds them.
DEPLOY_ONLY = pytest.mark.skipif(
    not os.environ.get("CI"), reason="deploy-only plugins are built with CI=true (as CI does)"
)


@DEPLOY_ONLY
def test_every_page_shows_a_last_update_date(site_dir: Path) -> None:
    date = re.compile(
        r'class="[^"]*page-updated"[^>]*>.*?(Last update|最后更新): <span[^>]*>([^<]+)</span>',
        re.S,
    )
    missing = []
    for url in page_urls(site_dir):
        found = date.search(_html(site_dir, url))
        expected = "最后更新" if url.startswith("/zh/") else "Last update"
        if not found or found.group(1) != expected or not re.search(r"\d{4}", found.group(2)):
            missing.append(url)
    assert not missing, missing


@DEPLOY_ONLY
def test_last_update_is_visible(page) -> None:
    page.goto("/graph/leaves-and-grad-fn/")
    fact = page.locator(".page-updated")
    assert fact.is_visible()
    assert re.search(r"Last update:\s+\w+ \d{1,2}, \d{4}", fact.inner_text())
    page.goto("/zh/graph/leaves-and-grad-fn/")
    fact = page.locator(".page-updated")
    assert fact.is_visible()
    assert "最后更新" in fact.inner_text() and re.search(r"\d{4}", fact.inner_text())


@DEPLOY_ONLY
def test_llms_txt_lists_the_english_pages(page, site_dir: Path) -> None:
    text = (site_dir / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith(f"# {CONFIG['site_name']}\n")
    links = re.findall(r"^- \[[^\]]+\]\(([^)]+)\)", text, re.M)
    sections = re.findall(r"^## (.+)$", text, re.M)
    for title in _sections():
        assert title in sections, f"llms.txt has no section {title!r}"
    assert len(links) == len(_pages(CONFIG["nav"]))
    assert not any("/zh/" in link for link in links)
    site = urlparse(CONFIG["site_url"]).path
    for link in links[:10]:
        local = site_dir / urlparse(link).path.removeprefix(site)
        assert local.is_file(), link
    response = page.request.get("/llms.txt")
    assert response.ok
    chinese = (site_dir / "zh" / "llms.txt").read_text(encoding="utf-8")
    assert "/zh/" in chinese and "记录计算图" in chinese


def test_404_is_english_with_a_switch_to_chinese(page, base_url: str) -> None:
    page.goto("/404.html")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Autograd Field Guide" in page.title()
    switch = page.locator(".md-header a[hreflang='zh']")
    assert switch.count() == 1
    assert switch.get_attribute("href") == "/zh/"
    page.goto(base_url + switch.get_attribute("href"))
    assert page.locator("html").get_attribute("lang") == "zh"
    page.goto("/zh/404.html")
    assert page.locator("html").get_attribute("lang") == "zh"
    assert page.locator(".md-header a[hreflang='en']").get_attribute("href") == "/"


# --- Math is MathML, drawn by the browser ----------------------------------------------------


def test_math_is_mathml_with_no_script_of_its_own(page, site_dir: Path) -> None:
    """A page's formulas are MathML written at build time (its TeX kept as an annotation): the
    browser draws them, no page loads a math script, and no TeX is left in the text."""
    with_math = [u for u in page_urls(site_dir) if 'class="arithmatex"' in _html(site_dir, u)]
    assert "/backward/vjp-and-chain-rule/" in with_math
    for url in with_math:
        html = _html(site_dir, url)
        assert "katex" not in html.lower(), url
        assert html.count('class="arithmatex"') == html.count('class="arithmatex"><math '), url
    page.requested.clear()
    page.goto("/backward/vjp-and-chain-rule/")
    formula = page.locator(".arithmatex math").first
    box = formula.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0
    assert formula.locator("annotation").first.text_content()  # the TeX, not shown
    assert not [u for u in page.requested if "katex" in u or "mathjax" in u.lower()]
