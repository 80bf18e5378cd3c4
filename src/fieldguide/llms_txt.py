"""``/llms.txt`` (https://llmstxt.org): the site's pages by section, each linked to a Markdown copy
of the page made from its source, with every snippet's source and real output written out.

Made from the Markdown itself rather than converted back from the HTML: the copy says exactly
what the page says, each edition in its own language, at no cost worth caching.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from fieldguide.engine.model import Outcome
from fieldguide.engine.pages import Reference, rewrite
from fieldguide.engine.spec import Snippet


@dataclass(frozen=True)
class Link:
    """A page as llms.txt lists it."""

    title: str
    url: str  # of its Markdown copy


@dataclass(frozen=True)
class Section:
    title: str
    links: list[Link]


def index(title: str, summary: str, description: str, sections: list[Section]) -> str:
    """The text of ``llms.txt``."""
    parts = [f"# {title}", f"> {summary}"] + ([description] if description else [])
    for section in sections:
        links = "\n".join(f"- [{link.title}]({link.url})" for link in section.links)
        parts.append(f"## {section.title}\n\n{links}")
    return "\n\n".join(parts) + "\n"


def fence(text: str, info: str) -> str:
    """``text`` in a fenced block longer than any run of backticks inside it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text.rstrip()}\n{ticks}"


def page_copy(
    name: str,
    markdown: str,
    snippet: Callable[[str], Snippet],
    outcome: Callable[[str], Outcome],
) -> str:
    """A page's Markdown with each snippet reference written out: the code it shows (whole, or
    its region) and what it printed (or the message it raised)."""

    def written_out(ref: Reference) -> str:
        parts = []
        if ref.show in ("source", "both"):
            code = "\n".join(snippet(ref.snippet).display_lines(ref.region))
            parts.append(fence(code, f'python title="{ref.snippet}"'))
        if ref.show != "source":
            result = outcome(ref.snippet)
            if ref.show == "message" and result.raised:
                parts.append(fence(result.raised, "text title=message"))
            elif result.display:
                parts.append(fence(result.display, f'text title="output of {ref.snippet}"'))
        block = "\n\n".join(parts)
        return textwrap.indent(block, ref.indent, lambda line: True)

    return rewrite(name, markdown, written_out)
