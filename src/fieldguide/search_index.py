"""The site's search index: Pagefind run over the built HTML, after the build.

``index_site(site_dir)`` reads every page of the built site, marks on a copy of its HTML what
Pagefind should index and how much each part weighs (Pagefind's own ``data-pagefind-*``
attributes), and writes the bundle to ``site_dir/pagefind/``: one index per edition, told apart
by the page's ``<html lang>``, which the search box in the header loads only when a reader
searches (``overrides/partials/search.html``, ``assets/javascripts/search.js``). The pages on
disk are not changed. Pagefind does the ranking; this module decides only what it reads:

- the article of each page (``data-pagefind-body``), not the navigation, header or footer;
- no code listing, figure, provenance line or output, except what readers paste: every message
  a snippet raises or warns with (the message block of an errors entry, the exception and
  warning lines at the end of an output), weighted above prose;
- the API names a page's code uses, as the page's ``api`` metadata (searched, and weighted by
  the search box's ``metaWeights``);
- a section's index terms (``<p class="search-terms" hidden>`` under its heading): the API names
  and the words readers use for what it explains, as the ``terms`` metadata;
- math as plain text (``\\partial L`` reads ∂L), so that no raw LaTeX shows in a result.

The plugin runs it once the last edition is built; on a built site, run
``python -m fieldguide.search_index SITE_DIR``.
"""

from __future__ import annotations

import html as html_lib
import logging
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import lxml.html
from lxml.html import HtmlElement

BUNDLE = "pagefind"
# Files Pagefind writes that the site does not use: its own search interfaces.
UNUSED = (
    "pagefind-ui.*",
    "pagefind-modular-ui.*",
    "pagefind-component-ui.*",
    "pagefind-highlight.js",
)
SKIPPED_FOLDERS = ("assets", "snippets", BUNDLE, f".{BUNDLE}-new")
SKIPPED_PAGES = ("404.html",)

# What is left out of the index, by class (Pagefind itself skips nav, footer, script, form and
# the like; code listings, inline SVG and scripts are cut before parsing: see `prepare`).
IGNORED_CLASSES = (
    "md-content__button",  # "Edit this page"
    "headerlink",  # the ¶ after each heading
    "md-source-file",  # "Last update"
    "snippet-output",  # outputs (their messages are indexed on their own, below)
    "snippet-figure",  # autograd graphs and plots
    "error-message-label",
    "snippet-provenance",
    "snippet-helpers",
    "mkdocstrings-source",  # the source under each entry of the API page
    "md-tags",
    "notebook-download",
    "practice",  # the self-test and mock interview, built in the browser,
    "mock-question",  # from the questions and answers of the interview pages
    "mock-answer",
    "jp-CodeCell",  # a notebook's code cells and their outputs (its text cells are prose)
)
IGNORED = frozenset(IGNORED_CLASSES)
CODE_LISTING = re.compile(r'<div class="language-[\w-]+ highlight"[^>]*>.*?</pre></div>', re.S)
SVG = re.compile(r"<svg\b.*?</svg>", re.S)
SCRIPT = re.compile(r"<script\b.*?</script>", re.S)
NAV_TITLE = re.compile(r'md-nav__link--active"[^>]*>(.*?)</(?:a|label)>', re.S)
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")
# Weights (Pagefind's scale, 0 to 10: prose is 1; a heading 7 for h1 down to 2 for h6).
HEADING_WEIGHTS = {"h1": 7.0, "h2": 6.0, "h3": 5.0, "h4": 4.0, "h5": 3.0, "h6": 2.0}
MESSAGE_WEIGHT = 1.0  # the message an errors entry shows, under its heading
RAISED_WEIGHT = 2.0  # an exception or warning line printed in an output
SUMMARY_WEIGHT = 2.0  # a page's summary ("In 30 seconds")
LINK_LIST_WEIGHT = 0.3  # a list item that is only a link ("Reference", "Related pages")
API_WEIGHT = 0.3  # the API names of the page's code listings

# An exception or warning as Python prints it, optionally after the file and line a warning
# names: `RuntimeError: ...`, `torch._dynamo.exc.Unsupported: ...`, `x.py:3: UserWarning: ...`.
RAISED = re.compile(
    r"^(?:\S+:\d+: )?"
    r"((?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning)|(?:[a-z_]\w*\.)+[A-Z][a-z]\w*)"
    r": (?P<message>\S.*)$"
)
# API names in code: dotted names (torch.autograd.grad), attributes and methods after a dot
# (.register_hook), keyword arguments (retain_graph=), decorators.
DOTTED = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
KEYWORD = re.compile(r"[(,]\s*([a-z_]\w*)=(?!=)")
MODULES = {"torch", "nn", "F", "jax", "jnp", "lax", "tf", "functorch", "minigrad", "fieldkit"}
COMMON_NAMES = {"self", "ctx", "x", "y", "z", "np", "nn", "F", "os", "sys", "math"}

LATEX = {
    r"\top": "ᵀ",
    r"\partial": "∂",
    r"\nabla": "∇",
    r"\sum": "Σ",
    r"\prod": "Π",
    r"\cdot": "·",
    r"\times": "×",
    r"\circ": "∘",
    r"\odot": "⊙",
    r"\otimes": "⊗",
    r"\in": "∈",
    r"\le": "≤",
    r"\leq": "≤",
    r"\ge": "≥",
    r"\geq": "≥",
    r"\neq": "≠",
    r"\approx": "≈",
    r"\to": "→",
    r"\mapsto": "↦",
    r"\rightarrow": "→",
    r"\infty": "∞",
    r"\ldots": "…",
    r"\dots": "…",
    r"\cdots": "…",
    r"\prime": "′",
    r"\mathbb{R}": "ℝ",
    r"\alpha": "α",
    r"\beta": "β",
    r"\gamma": "γ",
    r"\delta": "δ",
    r"\epsilon": "ε",
    r"\varepsilon": "ε",
    r"\eta": "η",
    r"\theta": "θ",
    r"\lambda": "λ",
    r"\mu": "μ",
    r"\sigma": "σ",
    r"\tau": "τ",
    r"\phi": "φ",
    r"\omega": "ω",
    r"\Delta": "Δ",
}
LATEX_COMMAND = re.compile(r"\\(?:mathbb\{R\}|[A-Za-z]+)")


class SearchIndexError(RuntimeError):
    """Pagefind could not index the site; the message holds what it said."""


@dataclass(frozen=True)
class IndexReport:
    """What ``index_site`` indexed: the pages and sections of each language, and where the
    bundle is."""

    pages: dict[str, int]
    sections: dict[str, int]
    bundle: Path


@dataclass(frozen=True)
class Section:
    """One result of the search: a page's introduction, or one of its ``h2`` sections, as
    Pagefind reads it, and its address (the page's, with the section's anchor)."""

    url: str
    html: str


def index_site(site_dir: Path, *, bundle: str = BUNDLE) -> IndexReport:
    """Index every page of the built site at ``site_dir`` into ``site_dir/<bundle>/``, one
    index per ``<html lang>``, replacing a bundle left by an earlier run. The new bundle is
    written beside the old one and moved in when complete (a server may be reading it)."""
    output = site_dir / bundle
    written = site_dir / f".{bundle}-new"
    shutil.rmtree(written, ignore_errors=True)
    pages, sections = _index(site_dir, written)
    if not pages:
        shutil.rmtree(output, ignore_errors=True)
        return IndexReport(pages=pages, sections=sections, bundle=output)
    for pattern in UNUSED:
        for unused in written.glob(pattern):
            unused.unlink()
    shutil.rmtree(output, ignore_errors=True)
    written.rename(output)
    return IndexReport(pages=pages, sections=sections, bundle=output)


def site_pages(site_dir: Path) -> Iterable[Path]:
    """The HTML pages of the built site that are searched."""
    for path in sorted(site_dir.rglob("*.html")):
        relative = path.relative_to(site_dir)
        if relative.parts[0] in SKIPPED_FOLDERS or relative.name in SKIPPED_PAGES:
            continue
        yield path


def _index(site_dir: Path, output: Path) -> tuple[dict[str, int], dict[str, int]]:
    """Write each section as a document of its own into a scratch folder and run Pagefind's
    binary over it (much faster than handing the sections to its service one by one, and the
    files are all written when it exits)."""
    pages: dict[str, int] = {}
    sections: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="pagefind-sections-") as scratch:
        for path in site_pages(site_dir):
            html = path.read_text(encoding="utf-8")
            relative = path.relative_to(site_dir).parent
            found = page_sections(html, f"{relative.as_posix()}/".removeprefix("./"))
            folder = Path(scratch, relative)
            folder.mkdir(parents=True, exist_ok=True)
            for number, section in enumerate(found):
                (folder / f"section-{number}.html").write_text(section.html, encoding="utf-8")
            if found:
                language = _language(html)
                pages[language] = pages.get(language, 0) + 1
                sections[language] = sections.get(language, 0) + len(found)
        if not pages:  # a site with no article to search (a theme without one): no index
            return pages, sections
        command = [sys.executable, "-m", "pagefind", "--site", scratch]
        command += ["--output-path", str(output), "--silent"]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            said = (run.stderr + run.stdout).strip() or f"exit status {run.returncode}"
            raise SearchIndexError(f"Pagefind failed on {site_dir}: {said}")
    return pages, sections


def page_sections(html: str, url: str) -> list[Section]:
    """The sections a built page is searched by: its introduction (up to its first ``h2``,
    under the page's title) and each ``h2`` section, each with its metadata: ``url`` (the
    page's address relative to the site's root, with the section's anchor), ``title`` (the
    section's heading), ``page`` (the page's title), and what the search box weighs, ``name``
    (the heading), ``headings`` (its subsections') and ``message`` (the messages it explains).
    No section for a page without an article."""
    start, end = html.find("<article"), html.find("</article>")
    if start < 0 or end < 0:
        return []
    language = _language(html)
    boost = _boost(html)
    # Code listings, inline SVG and scripts are never indexed, and are most of a page's HTML:
    # cut before parsing, a listing leaving the API names it uses, weighing little.
    article_html = SCRIPT.sub("", SVG.sub("", html[start : end + len("</article>")]))
    article_html = CODE_LISTING.sub(lambda m: _api_line(m.group(), boost), article_html)
    article = lxml.html.fragment_fromstring(article_html)
    _mark(article, boost)
    h1 = next(article.iter("h1"), None)
    page_title = _text(h1) if h1 is not None else ""
    nav = NAV_TITLE.search(html)  # the page's title in the sidebar, which may differ
    nav_title = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", nav[1])).strip() if nav else ""
    names = [page_title] + ([nav_title] if nav_title and nav_title != page_title else [])
    groups: list[list[HtmlElement]] = [[]]
    headings: list[HtmlElement | None] = [None]
    for child in _blocks(article):
        heading = _h2_of(child)
        if heading is not None:
            groups.append([])
            headings.append(heading)
        groups[-1].append(child)
    found = []
    for group, heading in zip(groups, headings, strict=True):
        if not group or not any(_text(element) for element in group):
            continue
        title = _text(heading) if heading is not None else page_title
        anchor = f"#{heading.get('id')}" if heading is not None else ""
        html = _section_html(group, language, url + anchor, title, names, boost)
        found.append(Section(url + anchor, html))
    return found


def _children(element: HtmlElement) -> list[HtmlElement]:
    """The elements directly inside ``element`` (not its comments)."""
    return [child for child in element if isinstance(child.tag, str)]


def _classes(element: HtmlElement) -> set[str]:
    return set((element.get("class") or "").split())


def _first_of_class(element: HtmlElement, name: str) -> HtmlElement | None:
    """The first element inside ``element`` whose class list has ``name``."""
    return next((e for e in element.iterdescendants() if name in _classes(e)), None)


def _blocks(article: HtmlElement) -> list[HtmlElement]:
    """The article's blocks in order: its children, and a notebook's cells in place of the
    wrapper that holds them (mkdocs-jupyter nests each cell's headings in the cell)."""
    blocks: list[HtmlElement] = []
    for child in _children(article):
        if "jupyter-wrapper" in _classes(child):
            notebook = _first_of_class(child, "jp-Notebook")
            blocks += _children(child if notebook is None else notebook)
        else:
            blocks.append(child)
    return blocks


def _h2_of(block: HtmlElement) -> HtmlElement | None:
    """The ``h2`` that starts a section at ``block``: the block itself, or a notebook cell's
    first heading when that is an ``h2``."""
    if block.tag == "h2":
        return block if block.get("id") else None
    if "jp-MarkdownCell" in _classes(block):
        first = next(block.iterdescendants("h1", "h2", "h3", "h4", "h5", "h6"), None)
        if first is not None and first.tag == "h2" and first.get("id"):
            return first
    return None


def _mark(article: HtmlElement, boost: float) -> None:
    """Pagefind's attributes on the article: what is left out, what weighs more. A page's
    `search: boost` (front matter, written into the page by overrides/main.html) scales its
    weights: below 1, the whole page, which then yields to the pages it summarises; above 1,
    the message blocks it shows up, and the rest of its text (its entries' headings too) down
    by as much. An errors entry answers for its message, which the search box weighs by the
    `message` metadata when a message is pasted; for a question, the pages it links to, which
    explain the mechanism, answer first."""
    elements = [e for e in article.iterdescendants() if isinstance(e.tag, str)]
    summary = next((e for e in elements if {"admonition", "abstract"} <= _classes(e)), None)
    for element in elements:
        classes = _classes(element)
        if element.tag in HEADING_WEIGHTS:
            scale = boost if boost < 1 else 1 / boost if _is_entry(element) else 1
            element.set("data-pagefind-weight", _weight(HEADING_WEIGHTS[element.tag] * scale))
        if summary is not None and element is summary:  # "In 30 seconds"
            element.set("data-pagefind-weight", _weight(SUMMARY_WEIGHT * min(boost, 1)))
        if element.tag == "p" and "error-message-text" in classes:
            element.set("data-pagefind-weight", _weight(MESSAGE_WEIGHT * boost))
        # A message a page explains in the wording of other releases: hidden from the reader,
        # indexed as a message (`<p class="search-message" hidden>` in the page's Markdown).
        if "search-message" in classes:
            element.attrib.pop("hidden", None)
            element.set("data-pagefind-weight", _weight(MESSAGE_WEIGHT * max(boost, 1)))
        # A section's index terms: the names and words readers search it by, which its text
        # may not use (`<p class="search-terms" hidden>` under its heading), weighed by the
        # search box (the `terms` metadata) for what readers type.
        if "search-terms" in classes:
            element.attrib.pop("hidden", None)
        if element.tag == "div" and "snippet-output" in classes:
            raised = raised_messages(element.text_content())
            if raised:
                line = lxml.html.Element("p")
                line.set("data-pagefind-weight", _weight(RAISED_WEIGHT * min(boost, 1)))
                line.text = " ".join(raised)
                element.addprevious(line)
        if element.tag == "li":
            children = _children(element)
            prose = (element.text or "") + "".join(child.tail or "" for child in element)
            links = children and all(child.tag == "a" for child in children)
            if links and not prose.strip(" ,.;:()\n"):
                element.set("data-pagefind-weight", _weight(LINK_LIST_WEIGHT * min(boost, 1)))
        if "arithmatex" in classes:  # MathML, its TeX as an annotation
            source = next(element.iterdescendants("annotation"), None)
            text = latex_as_text((element if source is None else source).text_content())
            for child in list(element):
                element.remove(child)
            element.text = text
        if classes & IGNORED:
            element.set("data-pagefind-ignore", "")


def _section_html(
    group: list[HtmlElement], language: str, url: str, title: str, page: list[str], boost: float
) -> str:
    """One section as a document for Pagefind: its elements as the body (weighing ``boost``
    below 1), its metadata, and each Chinese character of it and each pair of characters
    side by side in it on their own, weighing nothing.

    (Pagefind segments a Chinese query with the browser's segmenter, whose words often differ
    from the index's: 张量, one word in the index, is 张 and 量 in a query, 自定义 is 自 and 定义,
    and Pagefind finds the sections that have every word. A character or a pair standing alone
    lets the browser's word still find the sections of the index's.)"""
    body = "".join(
        lxml.html.tostring(element, encoding="unicode", with_tail=False) for element in group
    )
    headings = [
        _text(h)
        for element in group
        for h in ([element] if element.tag in ("h3", "h4") else element.iter("h3", "h4"))
        if not _is_entry(h)
    ]
    messages = _of_class(group, "error-message-text", "search-message")
    terms = _index_terms(group)
    # A page that summarises others (boost below 1) is not ranked by its headings: the pages
    # it summarises answer first. Nor is an errors entry, whose heading is its message: it is
    # ranked by that message for a pasted one (`message`).
    explains = boost >= 1
    entry = any(h.tag == "h2" and _is_entry(h) for h in group)
    introduction = "#" not in url
    heading = " · ".join(page) if introduction else title
    meta = {
        "url": url,
        "title": title,
        "page": page[0],
        # (a summarising page is still found by its own title)
        "name": _words(heading) if (explains or introduction) and not entry else "",
        "pagename": _words(" · ".join(page)) if explains else "",
        "entry": _words(title) if entry else "",  # an errors entry's heading: its message
        "headings": _words(" · ".join(headings)) if explains else "",
        "message": _words(" · ".join(messages)),
        "terms": _words(" · ".join(term for _, term in terms)),  # the section's index terms
        # ... as written, each after the anchor of the heading it stands under, so that the
        # box can tell a query that is one of them, its words in order ("Jacobian-vector
        # product", not "vector-Jacobian product"), and link that heading
        "phrases": " · ".join(f"{anchor} {term}" for anchor, term in terms),
    }
    fields = "".join(
        f'<span data-pagefind-meta="{key}">{html_lib.escape(value)}</span>'
        for key, value in meta.items()
        if value
    )
    characters = ""
    if language.startswith(("zh", "ja")):
        text = " ".join(element.text_content() for element in group)
        found = sorted(set(CJK.findall(text)))
        pairs = sorted(
            {run[i : i + 2] for run in CJK_RUN.findall(text) for i in range(len(run) - 1)}
        )
        characters = f'<p data-pagefind-weight="0">{" ".join(found + pairs)}</p>'
    weight = f' data-pagefind-weight="{_weight(boost if boost < 1 else 1 / boost)}"'
    weight = weight if boost != 1 else ""
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8"></head><body>'
        f"<main data-pagefind-body{weight}>{body}{characters}</main>"
        f"<div data-pagefind-ignore>{fields}</div></body></html>"
    )


def _index_terms(group: list[HtmlElement]) -> list[tuple[str, str]]:
    """Each index term of a section as written, with the id of the heading it stands under
    (``-`` for one without an id)."""
    found, anchor = [], "-"
    for element in group:
        if element.tag in HEADING_WEIGHTS:
            anchor = element.get("id") or "-"
        paragraphs = [element] if "search-terms" in _classes(element) else []
        paragraphs += [e for e in element.iterdescendants() if "search-terms" in _classes(e)]
        for paragraph in paragraphs:
            terms = [term.strip() for term in _text(paragraph).split("·")]
            found += [(anchor, term) for term in terms if term]
    return found


def _of_class(group: list[HtmlElement], *classes: str) -> list[str]:
    """The text of the elements of a section that have one of ``classes``."""
    wanted = set(classes)
    found: list[str] = []
    for element in group:
        if wanted & _classes(element):
            found.append(_text(element))
        else:
            found += [_text(e) for e in element.iterdescendants() if wanted & _classes(e)]
    return found


def raised_messages(output: str) -> list[str]:
    """The exceptions and warnings in an output's text, each as its type and message, with the
    indented lines that continue it (Dynamo's Explanation and Hint lines), up to a blank line;
    a warning without the file and line it names."""
    found: list[str] = []
    lines = output.splitlines()
    for number, line in enumerate(lines):
        match = RAISED.match(line.strip())
        if not match:
            continue
        text = [f"{match[1]}: {match['message']}"]
        for following in lines[number + 1 :]:
            if not following.strip() or not following[:1].isspace():
                break
            if not following.strip().startswith(("warnings.warn(", "File ", "raise ")):
                text.append(following.strip())
        found.append(" ".join(text))
    return found


def latex_as_text(source: str) -> str:
    """Math source as plain text for the index and its previews: ``\\(v^\\top J\\)`` reads
    ``vᵀ J``, ``\\frac{a}{b}`` reads ``a/b``; an unknown command loses its backslash."""
    text = source.strip()
    for delimiter in (r"\(", r"\)", r"\[", r"\]"):
        text = text.replace(delimiter, " ")
    text = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"(\1)/(\2)", text)
    text = re.sub(r"\\(?:left|right|big|Big|bigg|Bigg)\b", "", text)
    text = re.sub(r"\\[,;:! ]|\\quad|\\qquad|~", " ", text)
    text = LATEX_COMMAND.sub(lambda m: LATEX.get(m.group(), m.group()[1:] + " "), text)
    text = re.sub(r"\^\{?ᵀ\}?", "ᵀ", text)
    text = text.replace("{", "").replace("}", "")
    return re.sub(r"\s+", " ", text).strip()


def _api_line(listing: str, boost: float) -> str:
    """What a code listing leaves in the index: the API names it uses, weighing little."""
    names: set[str] = set()
    listing = re.sub(r'<span class="filename">.*?</span>', "", listing)
    code = html_lib.unescape(re.sub(r"<[^>]+>", "", listing))
    for dotted in DOTTED.findall(code):
        root, *attributes = dotted.split(".")
        if root in MODULES:
            names.add(dotted)
        names.update(a for a in attributes if len(a) > 2)
    names.update(KEYWORD.findall(code))
    names = {n for n in names if n not in COMMON_NAMES and not n.startswith("__")}
    if not names:
        return ""
    weight = _weight(API_WEIGHT * min(boost, 1))
    return f'<p data-pagefind-weight="{weight}">{html_lib.escape(" ".join(sorted(names)))}</p>'


def _text(element: HtmlElement) -> str:
    """The element's text as a reader sees it: its pieces stripped and joined by spaces."""
    pieces = (piece.strip() for piece in element.itertext())
    joined = " ".join(piece for piece in pieces if piece).replace("¶", "")
    return re.sub(r"\s+", " ", joined).strip()


def _words(text: str) -> str:
    """Metadata as Pagefind should read it. Pagefind splits metadata at whitespace only, so
    Chinese text in it would be one word per phrase; here each Chinese word (as jieba, the
    segmenter of the index's text, cuts it) and each Chinese character stands alone, so that
    the words of a query, however the browser cuts them, are found in it."""
    if not CJK.search(text):
        return text
    import jieba  # (its dictionary loads in about a second, for the first Chinese page only)

    jieba.setLogLevel(logging.WARNING)

    words = " ".join(w for w in jieba.cut(text, HMM=False) if w.strip())
    return words + " " + " ".join(sorted(set(CJK.findall(text))))


def _is_entry(heading: HtmlElement) -> bool:
    """Whether a heading is an errors entry's: the message block follows it."""
    following = heading.getnext()
    while following is not None and not isinstance(following.tag, str):  # a comment
        following = following.getnext()
    return following is not None and "error-message" in _classes(following)


def _boost(html: str) -> float:
    match = re.search(r'<meta name="search-boost" content="([\d.]+)"', html)
    return float(match[1]) if match else 1.0


def _weight(value: float) -> str:
    return f"{min(max(value, 0.1), 10.0):.2g}"


def _language(html: str) -> str:
    match = re.search(r"<html[^>]*\blang=\"([^\"]+)\"", html)
    return match[1] if match else "unknown"


def main(argv: list[str] | None = None) -> int:
    """``python -m fieldguide.search_index SITE_DIR``: index a built site."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not Path(args[0], "index.html").is_file():
        print("usage: python -m fieldguide.search_index SITE_DIR (a built site)", file=sys.stderr)
        return 2
    report = index_site(Path(args[0]))
    counts = ", ".join(f"{n} {language}" for language, n in sorted(report.pages.items()))
    sections = sum(report.sections.values())
    print(f"indexed {counts} pages ({sections} sections) into {report.bundle}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
