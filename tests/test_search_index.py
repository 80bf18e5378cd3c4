"""``fieldguide.search_index``: what the search index reads of a built page (its sections, their
metadata and weights), without running Pagefind. The browser tests search the real index."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fieldguide import search_index as index
from fieldguide.extensions.math import mathml

MATH = mathml(r"v^\top J", display=False)  # as fieldguide.extensions.math writes it
PAGE = f"""<!doctype html><html lang="en"><head><title>T</title>
<meta name="search-boost" content="2"></head><body>
<nav><a class="md-nav__link md-nav__link--active" href="./">Leaves in the sidebar</a></nav>
<article class="md-content__inner md-typeset">
<h1 id="leaves">Leaves<a class="headerlink" href="#leaves">&para;</a></h1>
<div class="admonition abstract"><p>A leaf has no grad_fn,
<span class="arithmatex">{MATH}</span>.</p></div>
<h2 id="rec-no-grad-fn">element 0 of tensors does not require grad</h2>
<div class="error-message"><p class="error-message-label">The message</p>
<p class="error-message-text"><code>RuntimeError</code>: element 0 of tensors does not require
grad</p><p class="snippet-provenance">Printed by x.py</p></div>
<div class="language-python highlight" data-search-exclude><span class="filename">x.py</span>
<pre><span></span><code><span class="n">loss</span>.<span class="n">backward</span>(
retain_graph=True)
torch.autograd.grad(y, x)</code></pre></div>
<p class="search-message" hidden>an older wording</p>
<h2 id="walking">Walking the graph</h2>
<p class="search-terms" hidden>next_functions · graph traversal</p>
<h3 id="pairs">The second number</h3>
<div class="snippet-output"><pre class="snippet-text"><code>x = 1
/a/b.py:3: UserWarning: something is off
  warnings.warn(
RuntimeError: it broke
  Explanation: because
</code></pre></div>
</article></body></html>"""


def _meta(html: str) -> dict[str, str]:
    return dict(re.findall(r'<span data-pagefind-meta="(\w+)">(.*?)</span>', html))


def test_a_page_is_searched_by_its_introduction_and_each_h2_section() -> None:
    sections = index.page_sections(PAGE, "graph/leaves/")
    assert [s.url for s in sections] == [
        "graph/leaves/",
        "graph/leaves/#rec-no-grad-fn",
        "graph/leaves/#walking",
    ]
    intro, entry, walking = (_meta(s.html) for s in sections)
    assert intro["title"] == "Leaves" and intro["name"] == "Leaves · Leaves in the sidebar"
    assert "name" not in entry and entry["entry"].startswith("element 0 of tensors")
    assert "element 0 of tensors" in entry["message"] and "an older wording" in entry["message"]
    assert walking["headings"] == "The second number" and walking["page"] == "Leaves"
    assert walking["terms"] == "next_functions · graph traversal" and "terms" not in intro


def test_what_is_left_out_and_what_weighs() -> None:
    intro, entry, walking = (s.html for s in index.page_sections(PAGE, "graph/leaves/"))
    assert 'data-pagefind-weight="0.5"' in entry  # boost 2: the entry's prose down
    assert '<p class="error-message-text" data-pagefind-weight="2">' in entry
    assert "hidden" not in entry and "an older wording" in entry
    assert "<pre>" not in entry and "loss" not in entry  # the listing is cut, its names kept
    assert "retain_graph" in entry and "torch.autograd.grad" in entry
    assert 'class="snippet-provenance" data-pagefind-ignore' in entry
    assert "RuntimeError: it broke Explanation: because" in walking
    assert "UserWarning: something is off" in walking and "/a/b.py" not in walking.split("<p")[1]
    assert "vᵀ J" in intro and "\\top" not in intro


def test_a_chinese_section_indexes_its_characters_and_pairs_alone() -> None:
    page = PAGE.replace('lang="en"', 'lang="zh"').replace("Walking the graph", "叶子张量")
    walking = index.page_sections(page, "zh/graph/leaves/")[2].html
    assert '<p data-pagefind-weight="0">叶 子 张 量 叶子 子张 张量</p>' in walking
    assert "叶子 张量" in _meta(walking)["name"]  # jieba's words, then each character
    assert _meta(walking)["name"].endswith("叶 子 张 量")


def test_messages_raised_in_an_output() -> None:
    output = "a = 1\nx.py:2: UserWarning: careful\n  warnings.warn(\nValueError: no\n  Hint: h\n"
    assert index.raised_messages(output) == ["UserWarning: careful", "ValueError: no Hint: h"]
    assert index.raised_messages("Jacobian: tensor([1.])") == []


def test_math_as_plain_text() -> None:
    assert index.latex_as_text(r"\(\frac{\partial L}{\partial x}\)") == "(∂ L)/(∂ x)"
    assert index.latex_as_text(r"\[v^\top J \in \mathbb{R}^n\]") == "vᵀ J ∈ ℝ^n"


def test_a_built_site_gets_one_index_per_edition(tmp_path: Path) -> None:
    """Pagefind runs over the pages, one index per ``<html lang>``; a bundle left by an
    earlier run is replaced, and a page without an article is not searched."""
    for folder, language in (("", "en"), ("zh/", "zh-Hans")):
        page = tmp_path / folder / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(PAGE.replace('lang="en"', f'lang="{language}"'), encoding="utf-8")
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "index.html").write_text("<html lang='en'><p>x</p></html>")
    stale = tmp_path / "pagefind" / "stale.txt"
    stale.parent.mkdir()
    stale.write_text("left by an earlier run")

    report = index.index_site(tmp_path)

    assert report.pages == {"en": 1, "zh-Hans": 1}
    entry = json.loads((tmp_path / "pagefind" / "pagefind-entry.json").read_text())
    assert sorted(entry["languages"]) == ["en", "zh-hans"]
    assert not stale.exists()
    assert not list(tmp_path.glob(".pagefind-new"))


def test_a_site_without_articles_gets_no_index(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html lang='en'><p>x</p></html>")
    assert index.index_site(tmp_path).pages == {}
    assert not (tmp_path / "pagefind").exists()


NOTEBOOK = """<!doctype html><html lang="en"><head><title>N</title></head><body>
<article class="md-content__inner md-typeset">
<p class="notebook-download"><a class="md-button" href="n.ipynb">Download</a></p>
<div class="jupyter-wrapper"><div class="jp-Notebook">
<div class="jp-Cell jp-MarkdownCell"><h1 id="build">Build an engine</h1><p>An opening.</p></div>
<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea"><pre>x = 1</pre></div></div>
<div class="jp-Cell jp-MarkdownCell"><div class="jp-InputArea"><h2 id="step-1">Step 1: record</h2>
<p>Nodes.</p></div></div>
<div class="jp-Cell jp-MarkdownCell"><h3 id="aside">An aside</h3><p>More.</p></div>
<div class="jp-Cell jp-MarkdownCell"><h2 id="step-2">Step 2: backward</h2><p>Order.</p></div>
</div></div>
</article></body></html>"""


def test_a_notebook_is_searched_by_its_cells_sections() -> None:
    """mkdocs-jupyter nests each heading in its cell: a cell that opens with an h2 starts a
    section, as an h2 does on a page."""
    sections = index.page_sections(NOTEBOOK, "scratch/n/")
    assert [s.url for s in sections] == ["scratch/n/", "scratch/n/#step-1", "scratch/n/#step-2"]
    intro, first, second = (_meta(s.html) for s in sections)
    assert intro["title"] == "Build an engine" and first["title"] == "Step 1: record"
    assert first["headings"] == "An aside" and "More." in sections[1].html
    assert "Order." in sections[2].html
    assert '<div class="jp-Cell jp-CodeCell" data-pagefind-ignore' in sections[0].html
    body = sections[1].html.split("</main>")[0]
    assert "jp-MarkdownCell" in body and "data-pagefind-ignore" not in body
