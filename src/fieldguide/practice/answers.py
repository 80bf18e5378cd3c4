"""The interview pages read as questions and answers: shared by the length test, the mock
interview and the Anki deck, so that each reads the pages one way.

A question is the heading above a ``30-second answer`` block. Its answers are the three
collapsed blocks that follow, then its checklist; a level-2 section that holds questions also
holds their common wrong answers, under a heading of their own. A question the mock interview
asks as a main question carries a ``Follow-ups`` block (``追问``): a list of links, each the
interviewer's next question in its own words, linking to the question whose answers answer it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

HEADING = re.compile(r"^(?P<level>#{2,3}) (?P<title>.+?)(?:\s*\{\s*#(?P<id>[^}\s]+)\s*\})?\s*$")
BLOCK = re.compile(r'^\?\?\?\+? (?P<kind>\w+) "(?P<title>[^"]*)"\s*$')

# The label of each part, by language: the kinds of block a question has, in order.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "30s": "30-second answer",
        "90s": "90-second answer",
        "full": "Full answer",
        "checklist": "What the interviewer listens for",
        "wrong": "Common wrong answers",
        "follow-ups": "Follow-ups",
    },
    "zh": {
        "30s": "30 秒速答",
        "90s": "90 秒主答",
        "full": "完整展开",
        "checklist": "答题要点",
        "wrong": "常见错误答法",
        "follow-ups": "追问",
    },
}
TIERS = ("30s", "90s", "full")


@dataclass
class Block:
    """A collapsed block (``??? kind "title"``) with its body, unindented."""

    kind: str
    title: str
    line: int
    body: str


@dataclass
class Question:
    """One interview question and the parts that answer it."""

    page: Path
    line: int
    title: str
    anchor: str | None
    section: str  # the level-2 heading the question sits under
    blocks: list[Block] = field(default_factory=list)  # its blocks, up to the next heading
    lead: str = ""  # the text between its heading and its first block (the question as asked)

    def part(self, name: str, language: str) -> Block | None:
        label = LABELS[language][name]
        return next((b for b in self.blocks if b.title == label), None)

    def where(self, line: int | None = None) -> str:
        return f"{self.page}:{line or self.line}"


@dataclass
class Section:
    """A level-2 section of an interview page: its questions and its wrong-answers part."""

    page: Path
    line: int
    title: str
    questions: list[Question] = field(default_factory=list)
    wrong_answers: str | None = None  # the text under its "common wrong answers" heading
    wrong_line: int = 0


def language_of(page: Path) -> str:
    return "zh" if page.name.endswith(".zh.md") else "en"


def _blocks(lines: list[str], start: int) -> list[Block]:
    found: list[Block] = []
    i = 0
    while i < len(lines):
        match = BLOCK.match(lines[i])
        if not match:
            i += 1
            continue
        body: list[str] = []
        j = i + 1
        while j < len(lines) and (not lines[j].strip() or lines[j].startswith("    ")):
            body.append(lines[j][4:])
            j += 1
        found.append(Block(match["kind"], match["title"], start + i, "\n".join(body).strip()))
        i = j
    return found


def read(page: Path) -> list[Section]:
    """The sections of one interview page that hold questions, in page order."""
    language = language_of(page)
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    headings = [(n, HEADING.match(line)) for n, line in enumerate(lines)]
    marks = [(n, m) for n, m in headings if m and not _in_fence(lines, n)]
    sections: list[Section] = []
    current: Section | None = None
    for index, (n, match) in enumerate(marks):
        end = marks[index + 1][0] if index + 1 < len(marks) else len(lines)
        body = lines[n + 1 : end]
        title = match["title"]
        wrong = title.startswith(LABELS[language]["wrong"])
        if match["level"] == "##" and not (wrong and sections):
            current = Section(page, n + 1, title)
            sections.append(current)
        if current is None:
            continue
        if wrong:
            # a page with one question may give its wrong answers a level-2 section of their own
            current = next((s for s in reversed(sections) if s.questions), current)
            current.wrong_answers = "\n".join(body).strip()
            current.wrong_line = n + 1
            continue
        blocks = _blocks(body, n + 2)
        if any(b.title == LABELS[language]["30s"] for b in blocks):
            first = next(i for i, line in enumerate(body) if BLOCK.match(line))
            lead = "\n".join(body[:first]).strip()
            current.questions.append(
                Question(page, n + 1, title, match["id"], current.title, blocks, lead)
            )
    return [s for s in sections if s.questions]


FOLLOW_UP = re.compile(r"^- \[(?P<text>.+)\]\((?P<page>[^)#\s]*)#(?P<anchor>[^)\s]+)\)\s*$")


@dataclass(frozen=True)
class FollowUp:
    """One follow-up of a main question: how the interviewer asks it, and where its answers are."""

    text: str
    page: str  # the interview page's file name (English name), as the link gives it
    anchor: str


def follow_ups(question: Question, language: str) -> list[FollowUp]:
    """The main question's chain of follow-ups, in the order the interviewer asks them."""
    block = question.part("follow-ups", language)
    if block is None:
        return []
    own = question.page.name.replace(".zh.md", ".md")
    found: list[FollowUp] = []
    for line in block.body.splitlines():
        if not line.strip():
            continue
        match = FOLLOW_UP.match(line.strip())
        if not match:
            raise ValueError(f"{question.where(block.line)}: not a follow-up link: {line.strip()}")
        found.append(FollowUp(match["text"], match["page"] or own, match["anchor"]))
    return found


@dataclass
class Chain:
    """A main question and its follow-ups, each with the question whose answers answer it."""

    main: Question
    steps: list[tuple[FollowUp, Question]]


def chains(docs: Path, language: str) -> list[Chain]:
    """Every main question of the edition with its chain of follow-ups, in page order; a
    follow-up that links to no question with answers, or to its own main question, is an
    error, and so is a chain of fewer than two or more than four follow-ups."""
    everything = questions(docs, language)
    by_link = {(q.page.name.replace(".zh.md", ".md"), q.anchor): q for q in everything}
    found: list[Chain] = []
    for question in everything:
        asked_next = follow_ups(question, language)
        if not asked_next:
            continue
        if not 2 <= len(asked_next) <= 4:
            raise ValueError(f"{question.where()}: {len(asked_next)} follow-ups, want 2 to 4")
        steps: list[tuple[FollowUp, Question]] = []
        for follow_up in asked_next:
            target = by_link.get((follow_up.page, follow_up.anchor))
            if target is None:
                raise ValueError(
                    f"{question.where()}: follow-up {follow_up.page}#{follow_up.anchor} "
                    "is no question with answers"
                )
            if target is question or any(t is target for _, t in steps):
                raise ValueError(f"{question.where()}: follow-up {follow_up.anchor} repeats")
            steps.append((follow_up, target))
        found.append(Chain(question, steps))
    return found


def _in_fence(lines: list[str], n: int) -> bool:
    fences = sum(1 for line in lines[:n] if line.lstrip().startswith("```"))
    return fences % 2 == 1


def asked(question: Question, language: str) -> str:
    """The question as an interviewer asks it: the original (Chinese) quote, or its English
    rendering, or, for a step of a longer question, its heading."""
    quote = " ".join(
        line[1:].strip() for line in question.lead.splitlines() if line.startswith(">")
    )
    english = re.search(r"\*\*In English:\*\*\s*(.+?)(?:\n\n|$)", question.lead, re.S)
    if language == "en" and english:
        return " ".join(english[1].split())
    if language == "zh" and quote:
        return quote
    title = re.sub(r"^(?:\d+\.|Step \d+:|第 \d+ 步：)\s*", "", question.title)
    return title[:1].upper() + title[1:]


def pages(docs: Path, language: str) -> list[Path]:
    """The interview pages of one edition."""
    folder = docs / "interview"
    if language == "zh":
        return sorted(folder.glob("*.zh.md"))
    return sorted(p for p in folder.glob("*.md") if not p.name.endswith(".zh.md"))


def questions(docs: Path, language: str) -> list[Question]:
    return [q for page in pages(docs, language) for s in read(page) for q in s.questions]


@dataclass(frozen=True)
class Problem:
    where: str
    message: str


def problems(docs: Path, language: str) -> list[Problem]:
    """Every way the edition's interview answers miss their shape or their length."""
    from fieldguide.practice.speech import BOUNDS, length

    found: list[Problem] = []
    labels = LABELS[language]
    for page in pages(docs, language):
        for section in read(page):
            if section.wrong_answers is None:
                found.append(
                    Problem(
                        f"{page}:{section.line}",
                        f"section {section.title!r} has no {labels['wrong']!r} heading",
                    )
                )
            elif not re.search(r'^\*\*["“]', section.wrong_answers, re.M):
                found.append(
                    Problem(
                        f"{page}:{section.wrong_line}",
                        'its wrong answers need the form **"the claim."** correction',
                    )
                )
            for q in section.questions:
                titles = [b.title for b in q.blocks]
                wanted = [labels[t] for t in (*TIERS, "checklist")]
                present = [t for t in titles if t in wanted]
                if present != wanted:
                    found.append(
                        Problem(q.where(), f"{q.title!r}: blocks {present}, want {wanted}")
                    )
                for tier in TIERS:
                    block = q.part(tier, language)
                    if block is None:
                        continue
                    n = length(block.body, language)
                    bounds = BOUNDS[tier, language]
                    if not bounds.admits(n):
                        found.append(
                            Problem(
                                q.where(block.line),
                                f"{labels[tier]}: {n} {bounds.unit}, want {bounds.describe()}",
                            )
                        )
                full = q.part("full", language)
                if full and "{*" in full.body:
                    found.append(
                        Problem(
                            q.where(full.line),
                            "the full answer embeds a snippet: link to the evidence instead",
                        )
                    )
                if full and "](" not in full.body:
                    found.append(
                        Problem(q.where(full.line), "the full answer links to no evidence")
                    )
                checklist = q.part("checklist", language)
                if checklist:
                    items = re.findall(r"^- ", checklist.body, re.M)
                    if not 4 <= len(items) <= 8:
                        found.append(
                            Problem(
                                q.where(checklist.line),
                                f"the checklist has {len(items)} points, want 4–8",
                            )
                        )
    return found


def main() -> int:
    """Print every answer's length against its bounds, then the problems: ``python -m
    practice.answers [en|zh] [page-substring]``."""
    import sys

    from fieldguide.practice.speech import BOUNDS, length

    docs = Path("docs")
    languages = [a for a in sys.argv[1:] if a in LABELS] or list(LABELS)
    only = [a for a in sys.argv[1:] if a not in LABELS]
    bad = 0
    for language in languages:
        for q in questions(docs, language):
            if only and not any(o in str(q.page) for o in only):
                continue
            cells = []
            for tier in TIERS:
                block = q.part(tier, language)
                n = length(block.body, language) if block else 0
                ok = BOUNDS[tier, language].admits(n)
                cells.append(f"{tier}={n}{'' if ok else '!'}")
            print(f"{q.where()}  {' '.join(cells)}  {q.title[:50]}")
        for problem in problems(docs, language):
            if only and not any(o in problem.where for o in only):
                continue
            bad += 1
            print(f"PROBLEM {problem.where}: {problem.message}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
