"""Markdown extension: the pages' math as MathML, written at build time.

``pymdownx.arithmatex`` (``generic: true``) finds the math of a page and wraps its TeX source
in ``<span class="arithmatex">\\( … \\)</span>`` (inline) or
``<div class="arithmatex">\\[ … \\]</div>`` (display). This extension turns that source into
MathML with ``latex2mathml``, so that a browser draws the math itself: a page loads no math
script, stylesheet or font, and shows its formulas before any script runs. The TeX source
stays in the MathML as its ``application/x-tex`` annotation (which the search index reads, and
assistive tools can offer).

A formula ``latex2mathml`` cannot convert fails the page with the formula named, rather than
showing its source.

Loaded by name in ``mkdocs.yml`` (``fieldguide.extensions.math``), after ``pymdownx.arithmatex``.
"""

from __future__ import annotations

import html
import re

from latex2mathml.converter import convert
from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

# arithmatex's generic output, once the raw HTML it stashed is back in the page.
MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*'
    r"(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>",
    re.S,
)


class MathError(ValueError):
    """A formula that cannot be converted to MathML."""


def mathml(tex: str, *, display: bool) -> str:
    """``tex`` as a MathML ``<math>`` element, its source kept as an annotation."""
    try:
        converted = convert(tex.strip(), display="block" if display else "inline")
    except Exception as error:  # latex2mathml raises its own types and plain ones alike
        raise MathError(f"cannot write this formula as MathML: {tex.strip()!r} ({error})") from None
    start = converted.index(">") + 1
    end = converted.rindex("</math>")
    annotation = f'<annotation encoding="application/x-tex">{html.escape(tex.strip())}</annotation>'
    return f"{converted[:start]}<semantics>{converted[start:end]}{annotation}</semantics></math>"


class MathMLPostprocessor(Postprocessor):  # type: ignore[misc]  # markdown has no hints
    """Replaces each arithmatex wrapper's TeX source with MathML, keeping the wrapper."""

    def run(self, text: str) -> str:
        def replace(match: re.Match[str]) -> str:
            tag, display = match["tag"], match["open"] == "\\["
            formula = mathml(html.unescape(match["tex"]), display=display)
            return f'<{tag} class="arithmatex">{formula}</{tag}>'

        return MATH.sub(replace, text)


class MathMLExtension(Extension):  # type: ignore[misc]
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's API)
        # After the raw-HTML postprocessor (30), which puts arithmatex's output back.
        md.postprocessors.register(MathMLPostprocessor(md), "fieldguide_mathml", 25)


def makeExtension(**kwargs: object) -> MathMLExtension:  # noqa: N802 (Python-Markdown's API)
    return MathMLExtension(**kwargs)
