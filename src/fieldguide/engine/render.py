"""Turn outcomes into what a page embeds: a source fence (Markdown) and an output block (HTML).

The output block is HTML inserted *after* Markdown conversion, so nothing a snippet prints
(``<script>``, ``</pre>``, ``--8<--``, Jinja braces, runs of backticks, Markdown syntax) is ever
interpreted: it is escaped once and shown as plain text.
"""

from __future__ import annotations

import html
import re
import textwrap

from fieldguide.engine.labels import label
from fieldguide.engine.model import Outcome
from fieldguide.engine.pages import Reference
from fieldguide.engine.spec import Snippet
from fieldguide.figure_captions import caption as figure_caption


def source_fence(snippet: Snippet, ref: Reference, language: str = "en") -> str:
    """A fenced code block with the snippet's source (or one region of it, titled as an excerpt),
    indented as ``ref``."""
    code = textwrap.dedent("\n".join(snippet.display_lines(ref.region))).strip("\n")
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    default = (
        ref.snippet if ref.region is None else label("excerpt", language).format(file=ref.snippet)
    )
    title = (ref.title or default).replace('"', "'")
    info = f'python title="{title}"'
    if ref.hl:
        info += f' hl_lines="{ref.hl}"'
    body = "\n".join([f"{fence}{info}", code, fence])
    return textwrap.indent(body, ref.indent, lambda line: True)


def provenance(
    outcome: Outcome,
    source_href: str,
    language: str = "en",
    helper_hrefs: dict[str, str] | None = None,
) -> str:
    """One line saying which file printed the output, with which versions; and, when the
    snippet imports modules of the repository, a second naming each (linked to a published
    copy where ``helper_hrefs`` has one) with the first line of its docstring."""
    versions = [f"Python {outcome.python}"] + [
        f"{name} {version}" for name, version in sorted(outcome.libraries.items())
    ]
    if outcome.cpu and "torch" in outcome.libraries:  # floats' last digit depends on them
        versions.append(label("kernels", language).format(name=outcome.cpu))
    link = f'<a href="{html.escape(source_href)}"><code>{html.escape(outcome.rel)}</code></a>'
    text = label("provenance", language).format(
        link=link, versions=html.escape(" · ".join(versions))
    )
    line = f'<p class="snippet-provenance">{text}</p>'
    if not outcome.helpers:
        return line
    items = []
    for helper in outcome.helpers:
        name = html.escape(helper.rel.removeprefix("snippets/"))
        href = (helper_hrefs or {}).get(helper.rel)
        code = (
            f'<a href="{html.escape(href)}"><code>{name}</code></a>'
            if href
            else (f"<code>{name}</code>")
        )
        items.append(
            f"<li>{code}"
            + (f" — {html.escape(helper.summary)}" if helper.summary else "")
            + "</li>"
        )
    summary = label("helpers", language).format(count=len(outcome.helpers))
    return (
        line + f'\n<details class="snippet-helpers"><summary>{summary}</summary>'
        f"<ul>{''.join(items)}</ul></details>"
    )


FOLD_AFTER = 25  # lines shown before a long output folds the rest away
FOLD_MIN = 35  # outputs shorter than this are shown whole


def _text_html(text: str, language: str) -> str:
    """The printed text; past :data:`FOLD_MIN` lines, the first :data:`FOLD_AFTER` are shown and
    the rest behind a summary a reader opens (no script needed)."""
    lines = text.splitlines(keepends=True)
    if len(lines) < FOLD_MIN:
        return f'<pre class="snippet-text"><code>{html.escape(text)}</code></pre>'
    head, rest = "".join(lines[:FOLD_AFTER]), "".join(lines[FOLD_AFTER:])
    more = label("more", language).format(count=len(lines) - FOLD_AFTER)
    return (
        f'<pre class="snippet-text"><code>{html.escape(head)}</code></pre>'
        f'<details class="snippet-more"><summary>{html.escape(more)}</summary>'
        f'<pre class="snippet-text snippet-rest"><code>{html.escape(rest)}</code></pre>'
        "</details>"
    )


def output_attributes(outcome: Outcome, anchor: str | None = None) -> dict[str, str | None]:
    """The attributes of an output block's ``div``; ``anchor`` is its id, so that later mentions
    on the page can link back to it. (Outputs stay out of the search index: searches are for
    prose.)"""
    attributes: dict[str, str | None] = {"class": "snippet-output", "data-snippet": outcome.rel}
    if anchor:
        attributes["id"] = anchor
    attributes["data-search-exclude"] = None  # an attribute without a value
    return attributes


def output_body(
    outcome: Outcome,
    show: str,
    source_href: str,
    language: str = "en",
    helper_hrefs: dict[str, str] | None = None,
    whole: bool = False,
) -> str:
    """What an output block holds: text output, figures, provenance; a drift warning if there
    is one. ``whole``: the page does not show every line that printed it, so it is labelled as
    the whole script's output."""
    title = label("output-whole" if whole else "output", language)
    parts = [f'<p class="snippet-label">{html.escape(title)}</p>']
    if outcome.drift:
        parts.append(_admonition("warning", label("drift", language), outcome.drift))
    if show != "figure" and outcome.display:
        parts.append(_text_html(outcome.display, language))
    for name, svg in outcome.figures.items():
        parts.append(figure_html(name, svg, language))
    parts.append(provenance(outcome, source_href, language, helper_hrefs))
    return "\n".join(parts)


def figure_html(name: str, svg: str, language: str = "en") -> str:
    """A drawing a snippet saved, with a visible caption from its title in the page's language
    (:mod:`fieldguide.figure_captions`); the page's script numbers the captions."""
    text = figure_caption(svg, language)
    caption = f'<figcaption class="snippet-figure-caption">{html.escape(text)}</figcaption>'
    return (
        f'<figure class="snippet-figure" data-figure="{html.escape(name)}">{svg}'
        f"{caption if text else ''}</figure>"
    )


def output_html(
    outcome: Outcome,
    show: str,
    source_href: str,
    language: str = "en",
    anchor: str | None = None,
    helper_hrefs: dict[str, str] | None = None,
) -> str:
    """The whole output block (:func:`output_attributes` around :func:`output_body`)."""
    attributes = "".join(
        f" {name}" if value is None else f' {name}="{html.escape(value)}"'
        for name, value in output_attributes(outcome, anchor).items()
    )
    body = output_body(outcome, show, source_href, language, helper_hrefs)
    return f"<div{attributes}>\n{body}\n</div>"


def message_html(outcome: Outcome, source_href: str, language: str = "en") -> str:
    """The exception message a snippet raised, as text the search index reads (unlike output
    blocks), followed by the provenance line: a reader who pastes the message finds it."""
    assert outcome.raised is not None
    kind, _, text = outcome.raised.partition(": ")
    if not text:  # an exception without a message, or one printed without "Type: "
        kind, text = "", kind
    lines = text.splitlines()
    head, rest = lines[:MESSAGE_LINES], lines[MESSAGE_LINES:]
    prefix = f"<code>{html.escape(kind)}</code>: " if kind else ""
    parts = [
        f'<div class="error-message" data-snippet="{html.escape(outcome.rel)}">',
        f'<p class="error-message-label">{html.escape(label("message", language))}</p>',
        f'<p class="error-message-text">{prefix}{_lines_html(head)}</p>',
    ]
    if rest:  # long messages (Dynamo's, export's) fold after their first lines, still indexed
        more = label("more", language).format(count=len(rest))
        parts.append(
            f'<details class="error-message-more"><summary>{html.escape(more)}</summary>'
            f'<p class="error-message-text">{_lines_html(rest)}</p></details>'
        )
    parts.append(provenance(outcome, source_href, language))
    parts.append("</div>")
    return "".join(parts)


MESSAGE_LINES = 4  # lines of a message shown before the rest folds away


def _lines_html(lines: list[str]) -> str:
    """Lines of a message as escaped text, their line breaks and indentation kept."""
    return "<br>\n".join(html.escape(line).replace("  ", "&nbsp; ") for line in lines)


def error_html(message: str, details: str = "", language: str = "en") -> str:
    """An error shown in place of an output (under live reload; a build fails instead)."""
    return _admonition("failure", label("failed", language), f"{message}\n\n{details}".rstrip())


def _admonition(kind: str, title: str, body: str) -> str:
    return (
        f'<div class="admonition {kind}"><p class="admonition-title">{html.escape(title)}</p>'
        f"<pre><code>{html.escape(body)}</code></pre></div>"
    )
