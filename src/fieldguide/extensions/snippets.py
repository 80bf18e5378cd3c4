"""Markdown extension: each ``{* snippets/... *}`` line becomes the snippet's source and its output.

It runs wherever Python-Markdown runs (MkDocs, ProperDocs, Zensical, plain
``markdown.markdown()``), the way mkdocstrings and markdown-exec embed their HTML:

1. a preprocessor turns each reference into a fenced code block with the snippet's source
   (superfences highlights it, in tabs and admonitions alike) and a one-line marker for its
   output;
2. a block processor turns that marker into a ``div`` that carries the output's id (so a
   generator that checks anchors sees it) and whose text is Python-Markdown's stash placeholder
   for the output's HTML: nothing a snippet prints is ever read as Markdown.

The outcomes come from a :class:`Session`: one batch of snippets per build, which every page of
the build reads. The MkDocs plugin makes one per build from the pages it finds; elsewhere the
extension makes its own, on first use, from every page under ``docs_dir``.
"""

from __future__ import annotations

import logging
import posixpath
import re
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.blockparser import BlockParser
from markdown.blockprocessors import BlockProcessor
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from fieldguide.engine import Engine, Outcome, excerpts, render, report
from fieldguide.engine.engine import Batch
from fieldguide.engine.labels import label
from fieldguide.engine.pages import Reference, output_anchor, rewrite, scan
from fieldguide.engine.spec import SnippetError, load

log = logging.getLogger("fieldguide.snippets")
# Between Python-Markdown's own STX and ETX: nothing a page or a snippet prints can forge one
# (the engine escapes control bytes in outputs).
MARKER = "\x02fieldguide-output:{:04d}\x03"
MARKER_LINE = re.compile(r"^\x02fieldguide-output:(\d{4})\x03$")
MARKER_ANYWHERE = re.compile(r"(?:<p>)?\x02fieldguide-output:\d{4}\x03(?:</p>)?")


@dataclass(frozen=True)
class PageInfo:
    """The page being converted: its name in messages (``docs/graph/views.md``) and its URL
    (``graph/views/``), from which links to the published sources are made relative."""

    name: str = "page"
    url: str | None = None


@dataclass
class Session:
    """One build's snippets: the outcomes every page of the build reads, and the problems its
    pages showed (a failed snippet, a missing region, an unmarked Python block)."""

    engine: Engine
    batch: Batch
    language: str = "en"
    source_url: str | None = None  # where sources are linked when the site does not publish them
    page: PageInfo = field(default_factory=PageInfo)
    problems: dict[str, None] = field(default_factory=dict)  # ordered, each reported once
    used_by: dict[str, list[str]] = field(default_factory=dict)  # snippet -> pages showing it
    # Each problem is logged as found, unless a caller reports them all at the end (MkDocs).
    log_problems: bool = True

    @classmethod
    def for_pages(
        cls,
        engine: Engine,
        pages: dict[str, str],
        earlier: Session | None = None,
        notebooks: Iterable[str] = (),
    ) -> Session:
        """A session for ``pages`` (name -> Markdown) and ``notebooks``: every snippet whose
        output they show starts resolving now (cache hits at once, misses in parallel)."""
        wanted = list(notebooks)
        for name, text in pages.items():
            wanted += [r.snippet for r in scan(name, text)[0] if r.show != "source"]
        existing = [rel for rel in dict.fromkeys(wanted) if (engine.root / rel).is_file()]
        batch = engine.start(existing, earlier=earlier.batch if earlier else None)
        return cls(engine, batch)

    def problem(self, text: str) -> None:
        if text not in self.problems:
            self.problems[text] = None
            if self.log_problems:
                log.warning(text)

    def finish(self) -> list[str]:
        """Every problem of the build, once every snippet has run (:func:`problems_of`)."""
        return problems_of([self])

    def href(self, rel: str) -> str:
        """The link from the current page to a published snippet (or module) ``rel``."""
        if self.page.url is None:
            return (self.source_url or "/") + rel
        head, tail = posixpath.split(self.page.url)
        base = head if "." in tail else self.page.url  # a file's URL: from its folder
        return posixpath.relpath("/" + rel, "/" + base)


def problems_of(sessions: list[Session]) -> list[str]:
    """Every problem of ``sessions`` (a site's editions), once every snippet has run: the
    pages' own, then each failed or drifted snippet's, once, naming every page that shows it."""
    found = dict.fromkeys(p for session in sessions for p in session.problems)
    outcomes: dict[str, Outcome] = {}
    used_by: dict[str, list[str]] = {}
    for session in sessions:
        for rel, outcome in session.batch.wait().items():
            outcomes.setdefault(rel, outcome)
            used_by.setdefault(rel, []).extend(session.used_by.get(rel, []))
    for rel, outcome in outcomes.items():
        text = report.problem(outcome, used_by[rel])
        if text:
            found.setdefault(text)
    return list(found)


_sessions: dict[Path, Session] = {}
_making = threading.Lock()


def session_for(root: Path, docs_dir: Path) -> Session:
    """The session of a generator without the MkDocs plugin: made once per process from every
    page under ``docs_dir``."""
    with _making:
        if root not in _sessions:
            pages = {
                str(p.relative_to(root)): p.read_text(encoding="utf-8")
                for p in sorted(docs_dir.rglob("*.md"))
            }
            _sessions[root] = Session.for_pages(Engine(root, docs_dir=docs_dir), pages)
        return _sessions[root]


class _References(Preprocessor):  # type: ignore[misc]  # markdown has no type hints
    """References -> source fences and output markers; illustrative blocks get their title."""

    def __init__(self, md: Markdown, extension: SnippetsExtension) -> None:
        super().__init__(md)
        self.extension = extension
        self.references: list[Reference] = []  # the page's, for what its code shows

    def run(self, lines: list[str]) -> list[str]:
        session = self.extension.session()
        outputs: dict[int, Block] = {}
        self.extension.outputs = outputs
        page = session.page.name
        shown: set[str] = set()  # snippets whose output this page already shows
        text = "\n".join(lines)
        references, problems = scan(page, text)
        for found in [*map(str, problems), *excerpts.repeated(page, references)]:
            session.problem(found)
        self.references = references

        def block(ref: Reference) -> str:
            parts = []
            if ref.show in ("source", "both"):
                problem = None
                try:
                    snippet = load(session.engine.root, ref.snippet)
                except SnippetError as exc:  # no such file, a bad directive
                    # reported once: by its output, if the reference shows one
                    problem = str(exc) if ref.show == "source" else None
                else:
                    try:
                        parts.append(render.source_fence(snippet, ref, session.language))
                    except SnippetError as exc:  # no such region
                        problem = str(exc)
                if problem is not None:
                    error = self._error(f"{page}:{ref.line}: {problem}")
                    parts.append(self._stash(outputs, ref, Block(error)))
            if ref.show != "source":
                parts.append(self._stash(outputs, ref, self._output(ref, shown)))
            # Blank lines around every block, so references on consecutive lines stay apart.
            return "\n" + "\n\n".join(parts) + "\n"

        illustrative = label("illustrative", session.language)
        return rewrite(page, text, block, illustrative).split("\n")

    def _stash(self, outputs: dict[int, Block], ref: Reference, block: Block) -> str:
        number = len(outputs)
        outputs[number] = block
        return ref.indent + MARKER.format(number)

    def _error(self, message: str) -> str:
        session = self.extension.session()
        session.problem(message)
        return render.error_html(message, language=session.language)

    def _output(self, ref: Reference, shown: set[str]) -> Block:
        """``ref``'s output (or message) block, waiting for its snippet to run."""
        session = self.extension.session()
        where = f"{session.page.name}:{ref.line}"
        if not (session.engine.root / ref.snippet).is_file():
            return Block(self._error(f"{where}: snippet not found: {ref.snippet}"))
        outcome = session.batch.get(ref.snippet)
        session.used_by.setdefault(ref.snippet, []).append(session.page.name)
        if outcome.error:  # reported when the build ends, with every page that shows it
            return Block(render.error_html(outcome.error, outcome.details, session.language))
        href = session.href(ref.snippet)
        if ref.show == "message":
            if outcome.raised is None and not session.engine.execute:  # a preview
                outcome = replace(outcome, raised=outcome.output.strip())
            if outcome.raised is None:
                no_message = label("no-message", "en").format(snippet=ref.snippet)
                return Block(self._error(f"{where}: {no_message}"))
            return Block(render.message_html(outcome, href, session.language))
        anchor = output_anchor(ref.snippet) if ref.snippet not in shown else None
        shown.add(ref.snippet)
        helpers = {h.rel: session.href(h.rel) for h in outcome.helpers}
        code = [r for r in self.references if r.snippet == ref.snippet]
        regions = [r.region for r in code if r.show in ("source", "both")]
        whole = excerpts.prints_unseen(load(session.engine.root, ref.snippet), regions)
        body = render.output_body(outcome, ref.show, href, session.language, helpers, whole)
        return Block("\n" + body + "\n", render.output_attributes(outcome, anchor))


@dataclass(frozen=True)
class Block:
    """What takes an output marker's place: HTML, inside a ``div`` with ``attributes`` (an
    output block, whose id the page's anchors include) or as it is (an error or a message)."""

    html: str
    attributes: dict[str, str | None] | None = None


class _Outputs(BlockProcessor):  # type: ignore[misc]
    """An output marker -> its block: a ``div`` with the block's attributes whose text is the
    stash placeholder of its HTML (error and message blocks are stashed whole)."""

    def __init__(self, parser: BlockParser, extension: SnippetsExtension) -> None:
        super().__init__(parser)
        self.extension = extension

    def test(self, parent: ET.Element, block: str) -> bool:
        # Unindented only: an indented marker belongs to the list item or container above,
        # which hands it back dedented.
        return MARKER_LINE.match(block.rstrip()) is not None

    def run(self, parent: ET.Element, blocks: list[str]) -> bool:
        match = MARKER_LINE.match(blocks.pop(0).rstrip())
        assert match is not None
        block = self.extension.outputs.pop(int(match.group(1)))
        stashed = self.parser.md.htmlStash.store(block.html)
        if block.attributes is None:  # raw HTML in a paragraph of its own
            element = ET.SubElement(parent, "p")
        else:
            element = ET.SubElement(parent, "div", block.attributes)  # type: ignore[arg-type]
        element.text = stashed
        return True


class _Leftovers(Postprocessor):  # type: ignore[misc]
    """A marker still in the page: its reference sat in raw HTML, which Markdown does not read
    (an HTML block without ``markdown="1"``). The page says so, and so does the build."""

    def __init__(self, md: Markdown, extension: SnippetsExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, text: str) -> str:
        session = self.extension.session()

        def refused(match: re.Match[str]) -> str:
            message = (
                f"{session.page.name}: a snippet reference inside raw HTML is not rendered: give "
                'the HTML element markdown="1", or move the reference out of it'
            )
            session.problem(message)
            return render.error_html(message, language=session.language)

        return MARKER_ANYWHERE.sub(refused, text)


class SnippetsExtension(Extension):  # type: ignore[misc]
    """``{* snippets/... *}`` references, executed (see the module's docstring)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "root": [".", "The repository (snippets/ is found under it)"],
            "docs_dir": ["docs", "The pages, under root"],
            "language": ["en", "The language of the labels the blocks carry"],
            "source_url": ["", "Where a snippet's source is linked (default: /snippets/...)"],
        }
        super().__init__(**kwargs)
        self.current: Session | None = None  # set by the MkDocs plugin for each build
        self.outputs: dict[int, Block] = {}

    def session(self) -> Session:
        if self.current is None:
            root = Path(self.getConfig("root")).resolve()
            session = session_for(root, root / self.getConfig("docs_dir"))
            session.language = self.getConfig("language")
            session.source_url = self.getConfig("source_url") or None
            self.current = session
        return self.current

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - the Markdown API's name
        # After whitespace is normalized (30), before fences (superfences: 25) and raw HTML
        # (20) are read: the source fence is read as a fence, inside tabs and admonitions.
        md.preprocessors.register(_References(md, self), "fieldguide_snippets", 28)
        # Before paragraphs: a marker inside a list item, tab or admonition is found there too.
        md.parser.blockprocessors.register(_Outputs(md.parser, self), "fieldguide_outputs", 95)
        # After raw HTML is back in the page (30).
        md.postprocessors.register(_Leftovers(md, self), "fieldguide_leftovers", 5)
        md.registerExtension(self)


def makeExtension(**kwargs: Any) -> SnippetsExtension:  # noqa: N802 - the Markdown API's name
    return SnippetsExtension(**kwargs)
