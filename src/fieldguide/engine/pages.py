"""Find snippet references and Python code blocks in Markdown pages (no site generator needed).

A page references a snippet in one line, alone on it (indentation allowed, e.g. inside a tab)::

    {* snippets/graph/leaf.py show=both region=build hl="2 4-5" title="..." *}

``show`` is ``source``, ``output`` (text and figures), ``both`` (the default), ``figure`` or
``message``: the exception message of a snippet that declares ``raises=``, embedded as text the
search index reads, so that a reader who pastes the message finds the page.
A page shows each snippet's output once: a second reference that shows it again is a problem
unless it says why it repeats it (``repeat=yes``); otherwise show only the source there
(``show=source``) and link to the first output (its block has the id ``output_anchor(path)``).
Every other Python code block must say it is illustrative (```` ```python illustrative ````);
an unmarked one is an error, so nothing that looks like runnable code goes unexecuted.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass

REFERENCE = re.compile(r"^(?P<indent>[ \t]*)\{\*(?P<body>.*)\*\}[ \t]*$")
# A body of printable ASCII, spaces and tabs, without quotes or backslashes, splits into the same
# words on blanks as by shell rules (faster, for every reference of every page on every build);
# any other character (U+00A0 is a blank to str.split, a letter to shlex) goes to shlex.
PLAIN = re.compile(r"[\x21-\x7e \t]*")
SHELL_QUOTING = re.compile(r"[\"'\\]")
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*)$")
PYTHON_LANGS = {"python", "py", "python3", "py3", "pycon", "pyi", "ipython", "ipython3"}
SHOW = {"source", "output", "both", "figure", "message"}
OPTIONS = {"show", "region", "hl", "title", "repeat"}
ILLUSTRATIVE = "illustrative"
ILLUSTRATIVE_TITLE = "Illustrative: not executed"


@dataclass(frozen=True)
class Problem:
    """Something wrong in a page, reported as ``page:line: message``."""

    page: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.message}"


@dataclass(frozen=True)
class Reference:
    """One snippet reference in a page."""

    page: str
    line: int
    indent: str
    snippet: str
    show: str = "both"
    region: str | None = None
    hl: str | None = None
    title: str | None = None
    repeat: bool = False

    @property
    def shows_output(self) -> bool:
        """True if the reference embeds the snippet's output block (a message is not one)."""
        return self.show not in ("source", "message")


def _language(info: str) -> str:
    first = info.strip().split(" ")[0] if info.strip() else ""
    return first.strip("{}").lstrip(".").lower()


def fenced_lines(text: str) -> set[int]:
    """The (0-based) numbers of the lines of ``text`` inside fenced code blocks, fences
    included: what is there is an example, not a reference or a heading."""
    return {i for first, last, _ in _fences(text) for i in range(first, last + 1)}


def _fences(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, info) of every fenced block, 0-based, innermost fences ignored."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opener = FENCE.match(lines[i])
        if not opener:
            i += 1
            continue
        fence = opener.group("fence")
        end = i + 1
        while end < len(lines):
            closer = FENCE.match(lines[end])
            if (
                closer
                and closer.group("fence")[0] == fence[0]
                and len(closer.group("fence")) >= len(fence)
                and not closer.group("info")
            ):
                break
            end += 1
        blocks.append((i, end, opener.group("info")))
        i = end + 1
    return blocks


def _parse_reference(page: str, number: int, indent: str, body: str) -> Reference | Problem:
    try:
        plain = PLAIN.fullmatch(body) and not SHELL_QUOTING.search(body)
        words = body.split() if plain else shlex.split(body)
    except ValueError as exc:
        return Problem(page, number, f"cannot read snippet reference: {exc}")
    if not words:
        return Problem(page, number, "snippet reference without a path")
    path, options = words[0], {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in OPTIONS:
            return Problem(
                page,
                number,
                f"unknown snippet option {word!r} (known: {', '.join(sorted(OPTIONS))})",
            )
        options[key] = value
    show = options.get("show", "both")
    if show not in SHOW:
        return Problem(page, number, f"show={show!r} must be one of {', '.join(sorted(SHOW))}")
    if not (path.startswith("snippets/") and path.endswith(".py")) or ".." in path.split("/"):
        return Problem(
            page,
            number,
            f"snippet path {path!r} must look like snippets/<topic>/<name>.py (no `..`)",
        )
    repeat = options.get("repeat", "no")
    if repeat not in ("yes", "no"):
        return Problem(page, number, f"repeat={repeat!r} must be yes or no")
    return Reference(
        page,
        number,
        indent,
        path,
        show,
        options.get("region"),
        options.get("hl"),
        options.get("title"),
        repeat == "yes",
    )


def output_anchor(snippet: str) -> str:
    """The id of a snippet's (first) output block on a page, for links back to it:
    ``snippets/graph/leaf.py`` -> ``output-graph-leaf``."""
    stem = snippet.removeprefix("snippets/").removesuffix(".py")
    return "output-" + re.sub(r"[^A-Za-z0-9_-]+", "-", stem)


# Lines that open a container whose content is indented: admonitions and details (``!!!``,
# ``???``), content tabs (``===``), pymdownx blocks (``///``) and list items.
OPENER = re.compile(
    r"^(?P<indent>[ \t]*)"
    r"(?:(?:!!!|\?\?\?\+?|===|///)\s|(?P<marker>[-*+]|\d+[.)])\s+)"
)


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _indented_code(text: str, inside: set[int]) -> list[int]:
    """0-based first lines of indented code blocks: after a blank line, a line indented four or
    more columns past the content of the block around it. Such a block states no language, so
    Python in it would escape the rule that Python is executed or marked illustrative."""
    starts = []
    lines = text.splitlines()
    content = 0  # where the text of the current block starts
    previous_blank = True
    in_code = False
    for index, line in enumerate(lines):
        if index in inside:  # fenced blocks are checked on their own
            previous_blank, in_code = False, False
            content = _indent(line)
            continue
        if not line.strip():
            previous_blank = True
            continue
        indent = _indent(line)
        if in_code and indent >= content + 4:
            previous_blank = False
            continue
        in_code = False
        if previous_blank and indent >= content + 4:
            starts.append(index)
            in_code = True
        else:
            opener = OPENER.match(line)
            if opener and opener.group("marker"):
                content = opener.end() - len(opener.group("indent")) + _indent(line)
            elif opener:
                content = indent + 4
            else:
                content = indent
        previous_blank = False
    return starts


EMBEDDED = re.compile(r"\{\*\s*snippets/\S*.*?\*\}")  # a reference inside other text
CODE_SPAN = re.compile(r"(`+).+?\1")
# A numbered-list item, and a line that ends a sentence (or a block) before it may start.
ORDERED_ITEM = re.compile(r"^\s*\d+[.)]\s+\S")
SENTENCE_END = re.compile(r"[.:!?。：！？;；][)）\"”'\]*_`]*\s*$")
BLOCK_START = ("#", "|", "<", "!!!", "???", "===", "///", "{*", ">")


def _lists_mid_sentence(text: str, inside: set[int]) -> list[int]:
    """0-based lines that start a numbered list in the middle of a sentence: a wrapped line that
    happens to begin with a number and a full stop (``1000. times``) becomes a list item. A line
    that follows a finished sentence, or an item of the same numbered list, is a real item."""
    lines = text.splitlines()
    found = []
    for index in range(1, len(lines)):
        before, line = lines[index - 1], lines[index]
        if index in inside or index - 1 in inside or not ORDERED_ITEM.match(line):
            continue
        if not before.strip() or SENTENCE_END.search(before):
            continue
        if before.lstrip().startswith(BLOCK_START) or _in_numbered_list(lines, index):
            continue
        found.append(index)
    return found


def _in_numbered_list(lines: list[str], index: int) -> bool:
    """Whether an item of a numbered list at ``lines[index]``'s indentation comes before it in
    the same run of lines (the list goes on)."""
    indent = _indent(lines[index])
    for earlier in reversed(lines[:index]):
        if not earlier.strip():
            return False
        if ORDERED_ITEM.match(earlier) and _indent(earlier) == indent:
            return True
    return False


def scan(page: str, text: str) -> tuple[list[Reference], list[Problem]]:
    """All snippet references of a page, and the problems found (unmarked Python blocks too)."""
    references: list[Reference] = []
    problems: list[Problem] = []
    inside: set[int] = set()
    for first, last, info in _fences(text):
        inside.update(range(first, last + 1))
        if _language(info) in PYTHON_LANGS and ILLUSTRATIVE not in info.split():
            problems.append(
                Problem(
                    page,
                    first + 1,
                    "Python code block is neither an executed "
                    f"snippet ({{* snippets/... *}}) nor marked `{ILLUSTRATIVE}`",
                )
            )
    for index in _indented_code(text, inside):
        problems.append(
            Problem(
                page,
                index + 1,
                "indented code block: write it as a fenced "
                "block that names its language (```text, ```python "
                f"{ILLUSTRATIVE}, or an executed snippet)",
            )
        )
    for index, line in enumerate(text.splitlines()):
        if (
            index not in inside
            and not REFERENCE.match(line)
            and EMBEDDED.search(CODE_SPAN.sub("", line))
        ):
            problems.append(
                Problem(
                    page,
                    index + 1,
                    "a snippet reference must stand alone on its line (not in a table cell, "
                    "after a list marker or inside text): nothing would run it",
                )
            )
    for index in _lists_mid_sentence(text, inside):
        problems.append(
            Problem(
                page,
                index + 1,
                "this line starts a numbered list in the middle of a sentence (Markdown reads "
                "a line that begins with a number and a full stop as a list item): rewrap it",
            )
        )
    for index, line in enumerate(text.splitlines()):
        match = REFERENCE.match(line)
        if match and index not in inside:
            parsed = _parse_reference(page, index + 1, match.group("indent"), match.group("body"))
            if isinstance(parsed, Reference):
                references.append(parsed)
            else:
                problems.append(parsed)
    shown_at: dict[str, int] = {}
    for ref in references:
        if not ref.shows_output:
            continue
        if ref.snippet in shown_at and not ref.repeat:
            problems.append(
                Problem(
                    page,
                    ref.line,
                    (
                        f"the output of {ref.snippet} is already shown on this page (line "
                        f"{shown_at[ref.snippet]}): show only the source here (show=source) and "
                        f"link to it (#{output_anchor(ref.snippet)}), or say that it repeats "
                        "(repeat=yes)"
                    ),
                )
            )
        shown_at.setdefault(ref.snippet, ref.line)
    return references, problems


def rewrite(
    page: str,
    text: str,
    replace: Callable[[Reference], str],
    illustrative_title: str = ILLUSTRATIVE_TITLE,
) -> str:
    """``text`` with each reference replaced by ``replace(reference)`` and illustrative markers
    turned into a visible title."""
    references = {ref.line - 1: ref for ref in scan(page, text)[0]}
    fences = {first: info for first, _, info in _fences(text)}
    lines = text.splitlines()
    for index, info in fences.items():
        words = info.split()
        if ILLUSTRATIVE in words:
            words.remove(ILLUSTRATIVE)
            if not any(w.startswith("title=") for w in words):
                words.append(f'title="{illustrative_title}"')
            lines[index] = lines[index][: len(lines[index]) - len(info)] + " ".join(words)
    for index, ref in references.items():
        lines[index] = replace(ref)
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")
