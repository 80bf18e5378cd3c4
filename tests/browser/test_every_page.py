"""Every page of each edition, loaded once as a reader's browser loads it at 1440 × 900:
offline, light, without a console error, its math rendered, its code and outputs fitting the
column, and (in Chinese) no space the source did not write.

Each edition is a class of its own: the test run keeps a class in one process (``--dist
loadscope``), so that the edition's pages are loaded once for all its tests (``every_page``).
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from urllib.parse import urlparse

from fixtures.built_site import edition_urls

ROOT = Path(__file__).resolve().parents[2]
MAX_OVERFLOW_SHARE = 0.10  # of code blocks, and of output blocks, that scroll sideways
# Gzipped, all a page loads before its reader searches, math pages included (their math is
# MathML the browser draws: no script, stylesheet or font of its own).
MAX_PAGE_BYTES = 200_000
COMPRESSED_TYPES = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".map"}


def _transferred(path: Path) -> int:
    """Bytes a compressing static host (GitHub Pages gzips text) sends for ``path``."""
    data = path.read_bytes()
    if path.suffix in COMPRESSED_TYPES:
        return len(gzip.compress(data, compresslevel=6))
    return len(data)


class _EveryPage:
    """The tests every edition's pages pass."""

    edition = ""

    def test_every_page_loads_offline_and_light(
        self, every_page, site_dir: Path, base_url: str
    ) -> None:
        """No console error, no failed request, nothing requested off 127.0.0.1, no part of the
        search index fetched (it is fetched when the reader searches: test_search_queries.py),
        and every page with all it loads under 200 kB as transferred (gzipped)."""
        visits = every_page(self.edition)
        assert [v.url for v in visits] == edition_urls(site_dir, self.edition)
        weights, failed, aborted = {}, {}, []
        for visit in visits:
            foreign = [u for u in visit.requested if not u.startswith((base_url, "data:", "blob:"))]
            assert not foreign, f"{visit.url} requested {foreign}"
            index = [u for u in visit.requested if "/pagefind/" in u]
            assert not index, f"{visit.url} fetched the search index before a search: {index}"
            assert not visit.console_errors, f"{visit.url}: {visit.console_errors}"
            total = 0
            for requested in set(visit.requested):
                if requested.startswith(base_url):
                    local = site_dir / urlparse(requested).path.lstrip("/")
                    local = local / "index.html" if local.is_dir() else local
                    total += _transferred(local) if local.is_file() else 0
            weights[visit.url] = total
            # A request still under way when the browser moves to the next page is aborted (a
            # font or a figure late on a busy machine): not a failure, as long as the file is
            # there. Anything else that failed (refused, unresolved, blocked) is.
            for failure in visit.failed_requests:
                if failure.endswith("net::ERR_ABORTED"):
                    aborted.append(failure.split()[0])
                else:
                    failed.setdefault(visit.url, []).append(failure)
        assert not failed, failed
        missing = [u for u in aborted if not (site_dir / urlparse(u).path.lstrip("/")).exists()]
        assert not missing, missing
        report = site_dir.parent / f"page-weights-{self.edition}.json"
        report.write_text(json.dumps(weights, indent=1))
        heavy = {url: weight for url, weight in weights.items() if weight > MAX_PAGE_BYTES}
        assert not heavy, heavy

    def test_math_renders(self, every_page, site_dir: Path) -> None:
        with_math = [
            u
            for u in edition_urls(site_dir, self.edition)
            if 'class="arithmatex"' in (site_dir / u.lstrip("/") / "index.html").read_text()
        ]
        assert with_math, "no page has math"
        visits = {v.url: v for v in every_page(self.edition)}
        for url in with_math:
            visit = visits[url]
            assert visit.math and visit.rendered_math > 0, url
            assert not visit.unrendered_math, f"{url}: unrendered math {visit.unrendered_math[:3]}"
            assert visit.math_errors == 0, url

    def test_code_and_outputs_fit_at_1440(self, every_page) -> None:
        """Few code blocks and few output blocks scroll sideways, and no output's text lies
        under a copy button. The figures are printed (``-s``) so that a change of layout can
        be measured before and after."""
        visits = every_page(self.edition)
        code = [s for v in visits for s in v.code_scrolls]
        output = [s for v in visits for s in v.output_scrolls]
        covered = [f"{v.url}: {text}" for v in visits for text in v.covered]
        print(
            f"\n{self.edition} at 1440x900: article {max(round(v.column) for v in visits)} px "
            f"wide; code {sum(code)}/{len(code)} scroll sideways ({_share(code):.0%}), "
            f"outputs {sum(output)}/{len(output)} ({_share(output):.0%}); "
            f"{len(covered)} blocks with text under the copy button"
        )
        assert len(code) > 100 and len(output) > 100, "too few blocks measured"
        assert _share(code) < MAX_OVERFLOW_SHARE, f"code: {sum(code)} of {len(code)} scroll"
        assert _share(output) < MAX_OVERFLOW_SHARE, f"outputs: {sum(output)} of {len(output)}"
        assert not covered, covered[:10]


def _share(scrolls: list[bool]) -> float:
    return sum(scrolls) / len(scrolls) if scrolls else 0.0


class TestEveryEnglishPage(_EveryPage):
    edition = "en"


# A space the reader sees between two Chinese characters, or after full-width punctuation.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
FULL_WIDTH = "\u3000-\u303f\uff00-\uffef"
# (A browser renders a line break inside a paragraph as a space: innerText shows it as one,
# while a newline in innerText is a boundary between blocks.)
STRAY_SPACE = re.compile(rf"[{HAN}{FULL_WIDTH}] +[{HAN}]|[{FULL_WIDTH}] +\S")  # (tab: a table cell)


def _as_rendered(markdown: str) -> str:
    """Markdown source as its text reads once rendered: inline code as the placeholder the
    page text uses, links as their text, no emphasis marks."""
    text = re.sub(r"(`+).+?\1", "X", markdown)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"\*+|(?<!\w)_+|_+(?!\w)", "", text)


class TestEveryChinesePage(_EveryPage):
    edition = "zh"

    def test_chinese_text_shows_no_space_the_source_did_not_write(
        self, every_page, site_dir: Path
    ) -> None:
        """Line breaks inside Chinese paragraphs are joined (cjk_line_breaks): the rendered
        prose of every Chinese page has no gap between two Chinese characters or after
        full-width punctuation, except where the page's source writes one on a single line."""
        visits = [v for v in every_page(self.edition) if not v.url.startswith("/zh/snippets")]
        urls = edition_urls(site_dir, self.edition)
        assert len(visits) == len([u for u in urls if not u.startswith("/zh/snippets")])
        sources = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.glob("docs/**/*.zh.md"))
        written = {m.group() for m in STRAY_SPACE.finditer(_as_rendered(sources))}
        found = {}
        for visit in visits:
            gaps = [
                g
                for g in (m.group() for m in STRAY_SPACE.finditer(visit.prose))
                if g not in written
            ]
            if gaps:
                found[visit.url] = gaps[:5]
        assert not found, found
