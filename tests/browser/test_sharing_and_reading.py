"""Pages that share and are found, long pages a reader can take in, figures that read, and the
notebook run from a download, in both editions:

- each page's head: its own description, Open Graph title and description, and ``hreflang``
  alternates naming the same page in each edition (absolute, reciprocal, and requested by
  nothing: the theme's script does not act on them);
- the Chinese edition's chrome in Chinese (footer, 404, API labels, heading anchors);
- a reading time under every title, and tables of contents without repeated entries;
- a numbered caption under every figure, and an Enlarge view larger than the page on a phone;
- the published notebook run in a folder outside the repository, with the repository's packages
  out of reach.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from html import unescape
from pathlib import Path
from urllib.parse import urlparse

import pytest
from fixtures.built_site import edition_urls, page_urls
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
SITE_URL = CONFIG["site_url"].rstrip("/")
EDITIONS = ["/", "/zh/"]
PHONE = {"width": 390, "height": 844}


def _html(site_dir: Path, url: str) -> str:
    path = site_dir / url.lstrip("/")
    path = path if path.suffix == ".html" else path / "index.html"
    return path.read_text(encoding="utf-8")


def _head(html: str) -> str:
    return html[: html.index("</head>")]


def _meta(head: str, attribute: str, name: str) -> str | None:
    found = re.search(rf'<meta {attribute}="{re.escape(name)}" content="([^"]*)"', head)
    return unescape(found.group(1)) if found else None


# --- the head: descriptions, Open Graph, hreflang ---------------------------------------------


def test_every_page_has_its_own_description_and_open_graph_tags(site_dir: Path) -> None:
    for edition in ("en", "zh"):
        descriptions = Counter()
        for url in edition_urls(site_dir, edition):
            head = _head(_html(site_dir, url))
            description = _meta(head, "name", "description")
            assert description, f"{url}: no description"
            descriptions[description] += 1
            assert _meta(head, "property", "og:description") == description, url
            title = _meta(head, "property", "og:title")
            assert title and title.strip(), url
            assert _meta(head, "property", "og:url") == SITE_URL + url, url
            locale = "zh_CN" if edition == "zh" else "en_US"
            assert _meta(head, "property", "og:locale") == locale, url
        shared = {d: n for d, n in descriptions.items() if n > 1}
        assert len(shared) <= 2, f"{edition}: descriptions shared by several pages: {shared}"


def test_hreflang_alternates_name_the_same_page_in_each_edition(site_dir: Path) -> None:
    pages = set(page_urls(site_dir))
    alternates = {}
    for url in sorted(pages):
        head = _head(_html(site_dir, url))
        links = dict(
            re.findall(r'<link rel="\s*alternate\s*" hreflang="([^"]+)" href="([^"]+)"', head)
        )
        assert set(links) == {"en", "zh", "x-default"}, f"{url}: {links}"
        for target in links.values():
            assert target.startswith(SITE_URL + "/"), f"{url}: {target} is not absolute"
            assert urlparse(target).path in pages, f"{url}: {target} is no page"
        here = links["zh" if url.startswith("/zh/") else "en"]
        assert urlparse(here).path == url, f"{url} does not name itself: {links}"
        assert links["x-default"] == links["en"]
        alternates[url] = {lang: urlparse(t).path for lang, t in links.items()}
    for url, links in alternates.items():  # reciprocal
        for other in (links["en"], links["zh"]):
            assert alternates[other] == links, f"{url} and {other} disagree"


@pytest.mark.parametrize("edition", EDITIONS)
def test_alternates_cost_no_request(page, edition: str) -> None:
    """The theme's script fetches sitemap.xml beside each link[rel=alternate]: none here."""
    page.goto(edition + "graph/leaves-and-grad-fn/")
    page.wait_for_load_state("networkidle")
    head = page.evaluate(
        "[...document.head.querySelectorAll('link[rel~=alternate][hreflang]')].map(l => l.hreflang)"
    )
    assert sorted(head) == ["en", "x-default", "zh"]
    assert not [u for u in page.requested if "sitemap" in u], page.requested
    assert not page.failed_requests, page.failed_requests


# --- the Chinese edition's chrome ----------------------------------------------------------

ENGLISH_CHROME = [
    CONFIG["copyright"],
    "Permanent link",
    "Source code in",
    "404 - Not found",
    "Made with",
    ">Parameters:<",
    ">Examples:<",
]


def test_the_chinese_edition_has_no_english_chrome(site_dir: Path) -> None:
    left = {}
    for url in edition_urls(site_dir, "zh") + ["/zh/404.html"]:
        html = _html(site_dir, url)
        found = [s for s in ENGLISH_CHROME if s in html]
        if found:
            left[url] = found
    assert not left, left


def test_the_chinese_404_and_footer_read_in_chinese(page) -> None:
    page.goto("/zh/404.html")
    assert page.locator("article h1").inner_text().startswith("404：")
    assert "首页" in page.locator("article").inner_text()
    footer = page.locator(".md-copyright__highlight").inner_text()
    assert "构建" in footer and not re.search(r"[A-Za-z]{4,}", footer)
    page.goto("/zh/scratch/api/")
    assert "源代码位于" in page.locator("article details summary").first.inner_text()


# --- long pages ------------------------------------------------------------------------------


def test_every_page_shows_a_reading_time_under_its_title(site_dir: Path) -> None:
    missing = []
    for url in page_urls(site_dir):
        html = _html(site_dir, url)
        if 'class="jupyter-wrapper"' in html:  # the notebook: rendered from cells, not Markdown
            continue
        found = re.search(r"</h1>\s*<p class=\"reading-time\"[^>]*>([^<]+)</p>", html)
        wanted = (
            r"阅读约 (\d+ 小时)? ?(\d+ 分钟)?"
            if url.startswith("/zh/")
            else r"(\d+ h)? ?(\d+ min)? read"
        )
        if not found or not re.fullmatch(wanted, found.group(1)):
            missing.append(url)
    assert not missing, missing


@pytest.mark.parametrize("edition", EDITIONS)
def test_reading_time_is_visible_under_the_title(page, edition: str) -> None:
    page.goto(edition + "beyond/torch-compile/")
    title = page.locator("article h1").bounding_box()
    line = page.locator("article .reading-time")
    assert line.is_visible()
    box = line.bounding_box()
    assert 0 <= box["y"] - (title["y"] + title["height"]) < 30
    minutes = int(re.search(r"\d+", line.inner_text()).group())
    assert 15 <= minutes <= 60, minutes


@pytest.mark.parametrize("edition", EDITIONS)
def test_tables_of_contents_have_no_repeated_entries(page, site_dir: Path, edition: str) -> None:
    prefix = "/zh/interview/" if edition == "/zh/" else "/interview/"
    urls = [u for u in page_urls(site_dir) if u.startswith(prefix)]
    assert len(urls) > 5
    repeated = {}
    for url in urls:
        page.goto(url, wait_until="domcontentloaded")
        entries = page.locator(".md-sidebar--secondary .md-nav__link").all_inner_texts()
        twice = [t for t, n in Counter(e.strip() for e in entries).items() if n > 1]
        if twice:
            repeated[url] = twice
    assert not repeated, repeated


# --- figures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_figure_has_a_numbered_caption_in_the_edition_language(page, edition: str) -> None:
    page.goto(edition + "beyond/torch-compile/")
    captions = page.locator("article figure.snippet-figure figcaption")
    assert captions.count() >= 2
    assert page.locator("article figure.snippet-figure").count() == captions.count()
    texts = captions.all_inner_texts()
    for number, text in enumerate(texts, start=1):
        prefix = f"图 {number}" if edition == "/zh/" else f"Figure {number}."
        assert text.startswith(prefix), texts
    assert all(captions.nth(i).is_visible() for i in range(captions.count()))
    if edition == "/zh/":
        assert "eager 模式" in texts[0]


@pytest.mark.parametrize("edition", EDITIONS)
def test_enlarge_on_a_phone_is_larger_than_the_page_and_pans(page, edition: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(edition + "beyond/torch-compile/")
    figure = page.locator("article figure.snippet-figure").first
    in_page = figure.locator("svg").bounding_box()["width"]
    figure.locator(".figure-zoom").click()
    dialog = page.locator("dialog.figure-dialog")
    assert page.evaluate("document.querySelector('dialog.figure-dialog').open")
    enlarged = dialog.locator("svg").bounding_box()["width"]
    assert enlarged >= in_page * 1.5, (in_page, enlarged)
    stage = dialog.locator(".figure-dialog__stage")
    assert stage.evaluate("s => s.scrollWidth > s.clientWidth"), "the drawing cannot be panned"
    touch = stage.evaluate("s => getComputedStyle(s).touchAction")
    assert touch == "manipulation" or ("pinch-zoom" in touch and "pan-x" in touch), touch
    dialog.locator(".figure-dialog__zoom").last.click()  # zoom in
    assert dialog.locator("svg").bounding_box()["width"] > enlarged * 1.2
    page.keyboard.press("Escape")
    assert figure.locator("svg").count() == 1


# --- the notebook, downloaded ------------------------------------------------------------------

BLOCKED = ["minigrad", "fieldkit", "ddplab", "fieldguide"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_notebook_page_says_how_to_run_it(page, edition: str) -> None:
    page.goto(edition + "scratch/build-your-own/")
    text = page.locator("article").inner_text()
    assert "pip install numpy torch matplotlib" in text


def test_the_downloaded_notebook_runs_outside_the_repository(
    page, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page.goto("/scratch/build-your-own/")
    href = page.locator(".notebook-download a").evaluate("a => a.href")
    response = page.request.get(href)
    assert response.ok, href
    folder = tmp_path_factory.mktemp("reader")  # under the system's temp folder
    assert ROOT not in folder.parents
    notebook = folder / "build-your-own.ipynb"
    notebook.write_bytes(response.body())
    # The repository's packages are installed in this environment: put stand-ins that refuse to
    # import first on the path, as a reader's Python has none of them.
    blocked = folder / "not-installed"
    for name in BLOCKED:
        (blocked / name).mkdir(parents=True)
        (blocked / name / "__init__.py").write_text(
            f"raise ModuleNotFoundError('No module named {name!r}')\n"
        )
    env = {**os.environ, "PYTHONPATH": str(blocked)}
    env.pop("SNIPPETS_CACHE_DIR", None)
    execute = (
        "import nbformat; from nbclient import NotebookClient\n"
        "nb = nbformat.read('build-your-own.ipynb', as_version=4)\n"
        "NotebookClient(nb, kernel_name='python3', timeout=300).execute()\n"
        "nbformat.write(nb, 'ran.ipynb')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", execute],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    cells = json.loads((folder / "ran.ipynb").read_text(encoding="utf-8"))["cells"]
    printed = "".join(
        "".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c["outputs"]
    )
    assert "training accuracy: minigrad" in printed
    assert "Error" not in printed
    shutil.rmtree(folder)
