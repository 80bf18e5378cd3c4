"""The self-test cards: what a card says comes from a spec file, what it asks you to predict
comes from the snippet's executed output, so a card can never show an answer nobody ran.

``cards/predict.yml``: predict-the-output cards (a snippet, the output lines to predict, plausible
wrong answers, the page that explains it). ``cards/errors.yml``: explain-this-error cards, one per
errors-section entry with a tempting wrong fix: the message is the one the entry's snippet raised.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

LANGUAGES = ("en", "zh")
# The sections of the site every set of predict cards must cover (docs/<section>/).
SECTIONS = ("graph", "backward", "lifetime", "hooks", "custom", "higher-order", "beyond", "scratch")


class CardError(ValueError):
    """A card spec that cannot become a card: names the file, the card and what is wrong."""


@dataclass(frozen=True)
class Choice:
    text: str
    correct: bool
    note: str = ""  # why this choice is wrong (the tempting wrong fix says why)


@dataclass(frozen=True)
class Card:
    """One card, in one language, ready to render."""

    id: str
    kind: str  # "predict" or "error"
    section: str  # docs folder of the page that explains it
    prompt: str
    code: str  # Python to show (the program of an error card too), asserts removed
    shown: str  # the error message (error cards) or the output being asked about
    output: str  # the whole output, shown with the answer
    choices: tuple[Choice, ...]
    explains: str  # docs-relative page#anchor
    snippet: str


@dataclass(frozen=True)
class PredictSpec:
    id: str
    snippet: str
    prompt: dict[str, str]
    wrong: tuple[str, ...]
    explains: str
    lines: str | None = None  # a regex: the output lines to predict (all of it if absent)
    region: str | None = None
    where: str = ""


@dataclass(frozen=True)
class ErrorSpec:
    entry: str  # the errors entry's id
    fix: dict[str, str]
    wrong_fix: dict[str, str]
    why_wrong: dict[str, str]
    also_tried: dict[str, str]  # a second wrong fix people try for this program
    where: str = ""


def _texts(value: Any, where: str, name: str) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise CardError(f"{where}: {name} needs an en and a zh text")
    return {k: str(v).strip() for k, v in value.items()}


def _line_numbers(text: str) -> dict[str, int]:
    """The line of each card in its spec file, for messages that point at it."""
    found: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^(?:- id: |)([A-Za-z0-9_-]+):?\s*$|^- id: ([A-Za-z0-9_-]+)", line)
        if m:
            found.setdefault(m[1] or m[2], n)
    return found


# libyaml's parser when PyYAML was built with it (the wheels are): the card files are parsed on
# every build of the self-test page, and the pure-Python parser took half a second for them.
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse_yaml(text: str, path: Path) -> Any:
    """The card file ``path`` (its ``text``) parsed; a YAML error names the file and line."""
    try:
        return yaml.load(text, Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CardError(f"{path}:{line}: not valid YAML: {problem}") from None


def load_predict(path: Path) -> list[PredictSpec]:
    text = path.read_text(encoding="utf-8")
    lines = _line_numbers(text)
    specs: list[PredictSpec] = []
    seen: set[str] = set()
    for item in _parse_yaml(text, path) or []:
        card_id = str(item.get("id", ""))
        where = f"{path}:{lines.get(card_id, 1)} ({card_id or 'a card without id'})"
        missing = {"id", "snippet", "prompt", "wrong", "explains"} - set(item)
        if missing:
            raise CardError(f"{where}: missing {', '.join(sorted(missing))}")
        if card_id in seen:
            raise CardError(f"{where}: a second card with this id")
        seen.add(card_id)
        wrong = tuple(str(w).rstrip() for w in item["wrong"])
        if not 2 <= len(wrong) <= 4:
            raise CardError(f"{where}: give 2 to 4 wrong answers, not {len(wrong)}")
        specs.append(
            PredictSpec(
                card_id,
                item["snippet"],
                _texts(item["prompt"], where, "prompt"),
                wrong,
                item["explains"],
                item.get("lines"),
                item.get("region"),
                where,
            )
        )
    return specs


def load_errors(path: Path) -> list[ErrorSpec]:
    text = path.read_text(encoding="utf-8")
    lines = _line_numbers(text)
    specs: list[ErrorSpec] = []
    for entry, item in (_parse_yaml(text, path) or {}).items():
        where = f"{path}:{lines.get(entry, 1)} ({entry})"
        specs.append(
            ErrorSpec(
                entry,
                _texts(item.get("fix"), where, "fix"),
                _texts(item.get("wrong_fix"), where, "wrong_fix"),
                _texts(item.get("why_wrong"), where, "why_wrong"),
                _texts(item.get("also_tried"), where, "also_tried"),
                where,
            )
        )
    return specs


@functools.lru_cache(maxsize=1024)  # each edition's deck shows the same code
def without_asserts(source: str) -> str:
    """The snippet's code as a card shows it: its asserts would give the answer away, and so
    would its docstring. An assert that is a block's only statement becomes ``pass``."""
    tree = ast.parse(source)
    starts: dict[int, int] = {}  # first line of an assert -> its last line
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            starts[node.lineno] = node.end_lineno or node.lineno
    lines = source.splitlines()

    def shown(keep_place: bool) -> str:
        kept: list[str] = []
        skip_to = 0
        for n, line in enumerate(lines, 1):
            if n <= skip_to or "--8<--" in line:
                continue
            if n in starts:
                skip_to = starts[n]
                if keep_place:
                    indent = line[: len(line) - len(line.lstrip())]
                    kept.append(indent + "pass  # (a check, hidden: it states the answer)")
                continue
            kept.append(line)
        return "\n".join(kept).strip("\n")

    code = shown(keep_place=False)
    try:
        ast.parse(code)
    except SyntaxError:  # a block that held only an assert
        code = shown(keep_place=True)
    return _drop_docstring(code)


def _drop_docstring(code: str) -> str:
    tree = ast.parse(code)
    first = tree.body[0] if tree.body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        lines = code.splitlines()
        return "\n".join(lines[(first.end_lineno or 1) :]).strip("\n")
    return code


def _normal(text: str) -> str:
    return " ".join(text.split())


def _same(a: str, b: str) -> bool:
    return _normal(a) == _normal(b)


def predict_card(spec: PredictSpec, language: str, output: str, source: str) -> Card:
    """A predict-the-output card from its spec and the snippet's executed output."""
    lines = output.rstrip("\n").splitlines()
    if spec.lines:
        pattern = re.compile(spec.lines)
        picked = [line for line in lines if pattern.search(line)]
        if not picked:
            raise CardError(
                f"{spec.where}: no output line of {spec.snippet} matches "
                f"{spec.lines!r}; it printed:\n{output}"
            )
        answer = "\n".join(picked)
    else:
        answer = "\n".join(lines)
    for wrong in spec.wrong:
        if _same(wrong, answer):
            raise CardError(f"{spec.where}: a wrong answer is what the snippet prints: {wrong!r}")
    choices = (Choice(answer, True), *(Choice(w, False) for w in spec.wrong))
    return Card(
        spec.id,
        "predict",
        section_of(spec.explains),
        spec.prompt[language],
        without_asserts(source),
        answer,
        output,
        choices,
        spec.explains,
        spec.snippet,
    )


@dataclass(frozen=True)
class ErrorEntry:
    """What an explain-this-error card needs from its errors-section entry."""

    id: str
    page: str  # docs-relative, English name
    family: str
    message_snippet: str  # the snippet whose raised message the entry shows
    has_wrong_fix: bool


MESSAGE_LINES = 8  # a long message (Dynamo's, export's) is cut for the card


def program(source: str) -> str:
    """A snippet's code as an error card shows it above the message: no docstring, asserts or
    region marks (as on predict cards), and no ``# snippet:`` directives (as on the pages)."""
    kept = "\n".join(line for line in source.splitlines() if not line.startswith("# snippet:"))
    return without_asserts(kept)


def error_cards(
    specs: list[ErrorSpec],
    entries: list[ErrorEntry],
    language: str,
    message: Callable[[str], str],
    source: Callable[[str], str] | None = None,
) -> list[Card]:
    """Explain-this-error cards: the program that raises (``source(snippet)``, the entry's
    "Reproduce it"), the message as raised, the fix, and two wrong fixes written for that
    program: the tempting one (with why it fails) and a second one people try. No wrong fix may
    be the fix of any card, so a choice is never eliminated by recognising another card."""
    by_id = {e.id: e for e in entries}
    for spec in specs:
        if spec.entry not in by_id:
            raise CardError(f"{spec.where}: no errors entry has the id {spec.entry!r}")
        if not by_id[spec.entry].has_wrong_fix:
            raise CardError(f"{spec.where}: entry {spec.entry!r} shows no tempting wrong fix")
    fixes = {_normal(s.fix[language]): s.entry for s in specs}
    for spec in specs:
        for name in ("wrong_fix", "also_tried"):
            text = _normal(getattr(spec, name)[language])
            if text in fixes:
                raise CardError(
                    f"{spec.where}: its {name} ({language}) is the fix of {fixes[text]!r}"
                )
    cards: list[Card] = []
    for spec in specs:
        entry = by_id[spec.entry]
        text = message(entry.message_snippet).rstrip("\n")
        cut = text.splitlines()
        shown = "\n".join(cut[:MESSAGE_LINES]) + ("\n…" if len(cut) > MESSAGE_LINES else "")
        choices = (
            Choice(spec.fix[language], True),
            Choice(spec.wrong_fix[language], False, spec.why_wrong[language]),
            Choice(spec.also_tried[language], False),
        )
        cards.append(
            Card(
                spec.entry,
                "error",
                "errors",
                "",
                program(source(entry.message_snippet)) if source else "",
                shown,
                text,
                choices,
                f"errors/{entry.page}#{entry.id}",
                entry.message_snippet,
            )
        )
    return cards


@functools.lru_cache(maxsize=256)  # both editions show the same programs
def read_source(root: Path, rel: str) -> str:
    return (root / rel).read_text(encoding="utf-8")


def section_of(explains: str) -> str:
    return explains.split("/", 1)[0] if "/" in explains else "home"


@dataclass
class Deck:
    """Every card of one edition."""

    language: str
    cards: list[Card] = field(default_factory=list)

    def sections(self) -> set[str]:
        return {c.section for c in self.cards}


def region(source: str, name: str) -> str:
    """The lines between ``# --8<-- [start:name]`` and ``[end:name]``."""
    match = re.search(
        rf"--8<-- \[start:{re.escape(name)}\][^\n]*\n(.*?)\n[^\n]*--8<-- \[end:{re.escape(name)}\]",
        source,
        re.S,
    )
    if not match:
        raise CardError(f"no region {name!r}")
    return match[1]


def build(
    root: Path,
    docs: Path,
    language: str,
    output: Callable[[str], str],
    message: Callable[[str], str],
) -> Deck:
    """The deck of one edition. ``output(rel)`` is a snippet's printed output, ``message(rel)``
    the message it raised: at build time both come from the run the pages embed."""
    from fieldguide.practice import error_entries

    deck = Deck(language)
    for spec in load_predict(root / "cards" / "predict.yml"):
        path = root / spec.snippet
        if not path.is_file():
            raise CardError(f"{spec.where}: snippet not found: {spec.snippet}")
        source = path.read_text(encoding="utf-8")
        if spec.region:
            try:
                source = region(source, spec.region)
            except CardError as error:
                raise CardError(f"{spec.where}: {error} in {spec.snippet}") from None
        deck.cards.append(predict_card(spec, language, output(spec.snippet), source))
    entries = error_entries.read(docs)
    specs = load_errors(root / "cards" / "errors.yml")
    deck.cards.extend(
        error_cards(specs, entries, language, message, lambda rel: read_source(root, rel))
    )
    return deck


def anchor_problem(docs: Path, explains: str) -> str | None:
    """Why ``page.md#anchor`` would not resolve (the strict build checks it again)."""
    from markdown.extensions.toc import slugify

    page, _, anchor = explains.partition("#")
    path = docs / page
    if not path.is_file():
        return "no such page"
    if not anchor or anchor.startswith("output-"):
        return None
    text = path.read_text(encoding="utf-8")
    ids = set(re.findall(r"\{\s*#([^}\s]+)", text))
    for title in re.findall(r"^#+ (.+?)\s*(?:\{[^}]*\})?\s*$", text, re.M):
        ids.add(slugify(title.replace("`", ""), "-"))
    return None if anchor in ids else f"no heading with the id {anchor!r}"


def main() -> int:
    """Check the card specs against the recorded snapshots, as an author's quick look:
    ``python -m practice.cards``. The build checks them again against the real run."""
    import sys

    from fieldguide.engine.normalize import for_display

    root = Path.cwd()

    def snapshot(rel: str) -> str:
        path = root / Path(rel).with_suffix(".out")
        if not path.is_file():
            raise CardError(f"{rel} has no snapshot")
        return for_display(path.read_text(encoding="utf-8"))

    try:
        for language in LANGUAGES:
            deck = build(root, root / "docs", language, snapshot, snapshot)
            for card in deck.cards:
                problem = anchor_problem(root / "docs", card.explains)
                if problem:
                    raise CardError(f"{card.id}: explains {card.explains}: {problem}")
            deck = build(root, root / "docs", language, snapshot, snapshot)
            kinds = {k: sum(c.kind == k for c in deck.cards) for k in ("predict", "error")}
            missing = [s for s in SECTIONS if s not in deck.sections()]
            print(
                f"{language}: {kinds['predict']} predict cards, {kinds['error']} error cards; "
                f"sections without a predict card: {missing or 'none'}"
            )
            if "-v" in sys.argv:
                for card in deck.cards:
                    print(f"--- {card.id} [{card.section}] {card.prompt}\n{card.shown}")
    except CardError as error:
        print(f"card problem: {error}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
