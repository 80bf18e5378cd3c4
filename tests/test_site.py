"""The real site: it builds strictly, and what it builds loads nothing from a third-party host."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from fieldguide.engine.pages import scan

ROOT = Path(__file__).resolve().parent.parent
# What a browser loads: scripts, stylesheets, icons, images, frames (not <link rel="canonical">,
# which only names the page's public address).
# What a page loads: not the links that only name a page (canonical, the other edition's).
RESOURCE = re.compile(
    r'<(?:script|link(?![^>]*rel="(?:canonical| ?alternate)")|img|iframe|source)\b[^>]*?\s'
    r'(?:src|href)="([^"]+)"',
    re.I,
)
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)")
# The plugins that only the deployed site runs (`enabled: !ENV [CI, false]` in mkdocs.yml).
DEPLOY_ONLY = pytest.mark.skipif(
    not os.environ.get("CI"), reason="deploy-only plugins are built with CI=true (as CI does)"
)


@pytest.fixture(scope="module")
def site(real_site: Path) -> Path:
    return real_site


def test_every_page_is_built_in_both_editions(site: Path) -> None:
    pages = sorted(
        p.relative_to(ROOT / "docs")
        for p in (ROOT / "docs").rglob("*.md")
        if not p.name.endswith(".zh.md") and "assets" not in p.parts
    )
    pages += sorted(
        p.relative_to(ROOT / "docs")
        for p in (ROOT / "docs").rglob("*.ipynb")
        if not p.name.endswith(".zh.ipynb")
    )
    for page in pages:
        folder = page.parent if page.name == "index.md" else page.with_suffix("")
        for edition in (site, site / "zh"):
            built = edition / folder / "index.html"
            assert built.is_file(), f"{page} was not built into {built.relative_to(site)}"


def test_no_third_party_resources(site: Path) -> None:
    offenders = []
    for path in sorted(site.rglob("*")):
        if path.suffix == ".html":
            urls = RESOURCE.findall(path.read_text(encoding="utf-8"))
        elif path.suffix == ".css":
            urls = CSS_URL.findall(path.read_text(encoding="utf-8"))
        else:
            continue
        offenders += [
            f"{path.relative_to(site)}: {u}" for u in urls if re.match(r"^(https?:)?//", u)
        ]
    assert not offenders, "\n".join(offenders[:20])


def test_every_snippet_reference_became_output(site: Path) -> None:
    """As many output blocks and messages in the built pages as references in the sources."""
    built = "".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    assert "SNIPPETOUTPUTPLACEHOLDER" not in built and "<!-- snippet output" not in built
    assert not re.search(r"<p>\{\*", built)
    references = [
        ref
        for page in sorted((ROOT / "docs").rglob("*.md"))
        for ref in scan(str(page), page.read_text(encoding="utf-8"))[0]
    ]
    outputs = sum(1 for ref in references if ref.shows_output)
    messages = sum(1 for ref in references if ref.show == "message")
    assert outputs > 0 and messages > 0
    assert built.count('<div class="snippet-output"') == outputs
    assert built.count('<div class="error-message"') == messages
    assert 'class="snippet-figure"' in built


@DEPLOY_ONLY
def test_the_markdown_copies_hold_the_outputs(site: Path) -> None:
    """The Markdown copy of each page (llms.txt) is written from its source with every
    snippet's code and real output: one per Markdown page, in each edition."""
    english = [p for p in (ROOT / "docs").rglob("*.md") if ".zh." not in p.name]
    english = [p for p in english if "assets" not in p.parts]
    copies = sorted(site.rglob("index.md"))
    chinese = [c for c in copies if c.relative_to(site).parts[0] == "zh"]
    assert len(copies) - len(chinese) == len(english) == len(chinese)
    leaf = (site / "graph" / "leaves-and-grad-fn" / "index.md").read_text(encoding="utf-8")
    assert "d: requires_grad=True   is_leaf=False  grad_fn=SumBackward0" in leaf  # its output
    assert "{*" not in leaf


def test_every_page_has_a_description_of_its_own(site: Path) -> None:
    """Made from each page's opening: no two pages of an edition share one."""
    meta = re.compile(r'<meta name="description" content="([^"]*)">')
    english = [p for p in site.rglob("index.html") if p.relative_to(site).parts[0] != "zh"]
    for edition, pages in ((site, english), (site / "zh", list((site / "zh").rglob("index.html")))):
        found = {p: meta.search(p.read_text(encoding="utf-8")) for p in pages}
        texts = [m.group(1) for m in found.values() if m]
        assert len(texts) == len(pages) and all(texts), edition
        assert len(set(texts)) == len(texts), sorted(t for t in texts if texts.count(t) > 1)[:4]


def test_no_math_left_as_raw_text(site: Path) -> None:
    """Display or inline math outside an .arithmatex element would show as raw TeX."""
    leftovers = []
    skip = re.compile(
        r"<(pre|code|script|style)\b.*?</\1>"
        r"|<(span|div) class=\"arithmatex\">.*?</\2>",
        re.S,
    )
    for page in sorted(site.rglob("*.html")):
        body = skip.sub("", page.read_text(encoding="utf-8"))
        for match in re.finditer(r"\\[\[(]", body):
            excerpt = body[match.start() : match.start() + 40]
            leftovers.append(f"{page.relative_to(site)}: ...{excerpt}")
    assert not leftovers, "\n".join(leftovers[:20])


def test_api_reference_renders_every_public_name(site: Path) -> None:
    """Every name minigrad exports has its own entry, with its docstring, in both editions."""
    import minigrad

    for edition in (site, site / "zh"):
        page = (edition / "scratch" / "api" / "index.html").read_text(encoding="utf-8")
        for name in minigrad.__all__:
            assert f'id="minigrad.{name}"' in page, f"{name} missing from {edition.name} API page"
            summary = (getattr(minigrad, name).__doc__ or "").strip().splitlines()[0]
            block = page[page.index(f'id="minigrad.{name}"') :]
            text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", block)).split())
            plain = re.sub(r"\[([^\]]+)\](?:\[[^\]]*\]|\([^)]*\))", r"\1", summary)  # links
            wanted = " ".join(re.sub(r"``?", "", plain).split())
            assert wanted in text[:4000], f"{name}'s docstring summary is not rendered in its entry"


def test_each_edition_keeps_its_converted_notebooks(site: Path) -> None:
    """mkdocs-jupyter deletes the cache entries a build did not use; each edition is a build of
    its own, so each has a folder of its own (the plugin sets it), or the editions delete each
    other's and every notebook is converted again on every build."""
    notebooks = sorted((ROOT / "docs").rglob("*.ipynb"))
    for edition in ("en", "zh"):
        own = [n for n in notebooks if n.name.endswith(".zh.ipynb") == (edition == "zh")]
        kept = list((site.parent / "real-site-cache" / "mkdocs-jupyter" / edition).glob("*.json"))
        assert len(kept) == len(own) > 0, edition
