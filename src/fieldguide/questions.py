"""Questions people asked in public threads, and the sections of the guide that answer them.

``questions/<family>.yml`` holds one family each: a YAML list of entries with the question as it
was asked, the URLs where it was asked, an answer in both editions and the page section whose
executed output supports the answer (``questions/README.md`` describes the fields).
:func:`load` reads every file into frozen dataclasses and raises :class:`QuestionsError`, naming
the file and the entry, at the first entry that does not fit. :func:`problems` checks what one
file cannot: that each anchor exists in both editions and that its section runs a snippet.

``python -m fieldguide.questions`` prints
the count of each family and every problem, and exits 1 if there is one.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import markdown
import yaml

from fieldguide.engine.pages import fenced_lines, scan

ROOT = Path(__file__).resolve().parents[2]  # the repository (src/fieldguide/../..)
QUESTIONS = ROOT / "questions"
DOCS = ROOT / "docs"

# Every family, in the order the site lists them: file stem -> (English title, Chinese title).
FAMILIES: dict[str, tuple[str, str]] = {
    "recording": ("Recording the graph, leaves and in-place", "记录计算图、叶子张量与就地操作"),
    "backward": ("What backward computes, and in what order", "backward 算什么、按什么顺序算"),
    "memory": ("Backward twice, and memory that stays", "两次 backward 与降不下来的显存"),
    "hooks": ("Hooks and activation checkpointing", "钩子与激活检查点的常见问题"),
    "custom": (
        "Custom autograd.Function and custom ops",
        "自定义 autograd.Function 与自定义算子的常见问题",
    ),
    "higher-order": ("Higher-order gradients and torch.func", "高阶导数与 torch.func"),
    "mixed-precision": ("Mixed precision and dtypes", "混合精度与数据类型"),
    "numerics": ("NaN, inf and gradients at awkward points", "NaN、inf 与特殊点上的梯度"),
    "modules": ("Modules, frozen layers and parametrizations", "模块、冻结层与参数化"),
    "optimizers": ("Optimizers: zero_grad, steps and state", "优化器：zero_grad、更新与状态"),
    "subclasses": ("Tensor subclasses and the dispatcher", "张量子类与分发器"),
    "compile": ("torch.compile and autograd", "torch.compile 与 autograd"),
    "export": ("torch.export and autograd", "torch.export 与 autograd"),
    "distributed": ("DDP and FSDP", "DDP 与 FSDP"),
    "jax-tf": ("JAX and TensorFlow", "JAX 与 TensorFlow"),
    "interview": ("Interview questions", "面试题"),
}
MIN_PER_FAMILY = 8  # questions each family must hold

ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ANCHOR = re.compile(r"^[\w-]+$")
SNIPPET = re.compile(r"^snippets/[\w-]+(?:/[\w-]+)*/[\w-]+\.py$")
REQUIRED = ("id", "question", "sources")
ANSWER_FIELDS = ("answer_en", "answer_zh", "page", "anchor", "snippets")
HEADING = re.compile(r"^(#{1,6})\s+\S")


class QuestionsError(ValueError):
    """An entry of a questions file that does not fit the schema; the message names both."""


@dataclass(frozen=True)
class Answer:
    """The answer to one question and the section whose executed output supports it."""

    en: str
    zh: str
    page: str  # relative to docs/, the English file: "graph/views.md"
    anchor: str
    snippets: tuple[str, ...]

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def page_file(self, lang: str) -> str:
        """The page's file in one edition, relative to docs/."""
        return self.page[: -len(".md")] + ".zh.md" if lang == "zh" else self.page


@dataclass(frozen=True)
class Question:
    id: str
    family: str
    question: str
    sources: tuple[str, ...]
    answer: Answer | None  # None: no section of the guide shows the answer yet
    file: str  # "questions/recording.yml", for messages
    index: int  # 1-based position in its file


@dataclass(frozen=True)
class Family:
    id: str
    title_en: str
    title_zh: str
    questions: tuple[Question, ...]

    def title(self, lang: str) -> str:
        return self.title_zh if lang == "zh" else self.title_en

    @property
    def answered(self) -> tuple[Question, ...]:
        return tuple(q for q in self.questions if q.answer is not None)


@dataclass(frozen=True)
class Heading:
    line: int  # 0-based line of the page
    level: int
    id: str
    title: str  # the Markdown of the heading, without its attribute list


def _where(file: str, index: int, entry: object) -> str:
    ident = entry.get("id") if isinstance(entry, dict) else None
    return f"{file}, entry {index}" + (f" ({ident})" if isinstance(ident, str) else "")


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be a non-empty string")
    return value.strip()


def well_formed_url(url: str) -> bool:
    """An absolute http(s) URL with a host and no whitespace."""
    parts = urlsplit(url)
    return (
        parts.scheme in ("http", "https")
        and bool(parts.hostname)
        and "." in (parts.hostname or "")
        and not re.search(r"\s", url)
    )


def _entry(entry: object, family: str, file: str, index: int, docs: Path, root: Path) -> Question:
    if not isinstance(entry, dict):
        raise ValueError("must be a mapping of fields")
    missing = [name for name in REQUIRED if name not in entry]
    if missing:
        raise ValueError(f"missing field(s) {', '.join(missing)}")
    unknown = sorted(set(entry) - set(REQUIRED) - set(ANSWER_FIELDS))
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}")
    ident = _text(entry["id"], "id")
    if not ID.match(ident):
        raise ValueError(f"id {ident!r} is not kebab-case (a-z, 0-9, single hyphens)")
    sources = entry["sources"]
    if not isinstance(sources, list) or not sources:
        raise ValueError("sources must be a non-empty list of URLs")
    for url in sources:
        if not isinstance(url, str) or not well_formed_url(url):
            raise ValueError(f"source {url!r} is not a well-formed http(s) URL")
    if len(set(sources)) != len(sources):
        raise ValueError("sources lists a URL twice")
    given = [name for name in ANSWER_FIELDS if name in entry]
    answer = None
    if given:
        if len(given) != len(ANSWER_FIELDS):
            absent = [name for name in ANSWER_FIELDS if name not in entry]
            raise ValueError(f"an answer needs all of its fields; missing {', '.join(absent)}")
        answer = _answer(entry, docs, root)
    return Question(
        id=ident,
        family=family,
        question=_text(entry["question"], "question"),
        sources=tuple(sources),
        answer=answer,
        file=file,
        index=index,
    )


def _answer(entry: dict[str, Any], docs: Path, root: Path) -> Answer:
    page = _text(entry["page"], "page")
    if not page.endswith(".md") or page.endswith(".zh.md") or page.startswith("/"):
        raise ValueError(f"page {page!r} must be an English page relative to docs/ (x/y.md)")
    answer = Answer(
        en=_text(entry["answer_en"], "answer_en"),
        zh=_text(entry["answer_zh"], "answer_zh"),
        page=page,
        anchor=_text(entry["anchor"], "anchor"),
        snippets=tuple(entry["snippets"]) if isinstance(entry["snippets"], list) else (),
    )
    for lang in ("en", "zh"):
        if not (docs / answer.page_file(lang)).is_file():
            raise ValueError(f"page docs/{answer.page_file(lang)} does not exist")
    if not ANCHOR.match(answer.anchor):
        raise ValueError(f"anchor {answer.anchor!r} is not a heading id")
    if not answer.snippets:
        raise ValueError("snippets must be a non-empty list of snippet paths")
    for snippet in answer.snippets:
        if not isinstance(snippet, str) or not SNIPPET.match(snippet):
            raise ValueError(f"snippet {snippet!r} must look like snippets/<topic>/<name>.py")
        if not (root / snippet).is_file():
            raise ValueError(f"snippet {snippet} does not exist")
    return answer


# libyaml's parser where PyYAML has it (its wheels do): the pure-Python one took a third of a
# warm build reading the families.
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(folder: Path = QUESTIONS, docs: Path = DOCS, *, only: str | None = None) -> list[Family]:
    """Every family, in the order of :data:`FAMILIES`, or only the family ``only`` (a family's
    page needs its own: ids are then checked within it, and across families where all are
    loaded, as the Questions index page does in every build); raises :class:`QuestionsError`."""
    root = folder.parent
    files = {path.stem: path for path in sorted(folder.glob("*.yml"))}
    strays = sorted(set(files) - set(FAMILIES))
    if strays:
        raise QuestionsError(f"{folder.name}/{strays[0]}.yml: not a known family ({FAMILIES})")
    families: list[Family] = []
    seen: dict[str, str] = {}
    for family, (title_en, title_zh) in FAMILIES.items():
        if only is not None and family != only:
            continue
        if family not in files:
            raise QuestionsError(f"{folder.name}/{family}.yml: missing (family {family!r})")
        file = f"{folder.name}/{family}.yml"
        try:
            data = yaml.load(files[family].read_text(encoding="utf-8"), Loader=_YAML_LOADER)  # noqa: S506
        except yaml.YAMLError as exc:
            raise QuestionsError(f"{file}: not valid YAML: {exc}") from exc
        if not isinstance(data, list):
            raise QuestionsError(f"{file}: must be a YAML list of entries")
        questions = []
        for index, entry in enumerate(data, start=1):
            try:
                question = _entry(entry, family, file, index, docs, root)
            except ValueError as exc:
                raise QuestionsError(f"{_where(file, index, entry)}: {exc}") from None
            if question.id in seen:
                raise QuestionsError(
                    f"{_where(file, index, entry)}: id already used by {seen[question.id]}"
                )
            seen[question.id] = f"{file}, entry {index}"
            questions.append(question)
        families.append(Family(family, title_en, title_zh, tuple(questions)))
    return families


def headings(text: str) -> list[Heading]:
    """The page's headings outside code blocks, with the ids MkDocs gives them (an explicit
    ``{ #id }``, or the toc extension's slug made unique on the page)."""
    inside = fenced_lines(text)
    lines = text.splitlines()
    found = [(i, line) for i, line in enumerate(lines) if i not in inside and HEADING.match(line)]
    html = markdown.markdown(
        "\n\n".join(line for _, line in found), extensions=["toc", "attr_list"]
    )
    ids = re.findall(r"<h[1-6] id=\"([^\"]+)\"", html)
    if len(ids) != len(found):  # the same count always: each line became one heading
        raise AssertionError("heading count changed in conversion")
    result = []
    for (i, line), ident in zip(found, ids, strict=True):
        hashes, _, rest = line.partition(" ")
        title = re.sub(r"\s*\{[^{}]*#[\w-]+[^{}]*\}\s*$", "", rest).strip()
        result.append(Heading(i, len(hashes), ident, title))
    return result


@cache
def _page(path: Path) -> tuple[str, tuple[Heading, ...]]:
    text = path.read_text(encoding="utf-8")
    return text, tuple(headings(text))


def section(path: Path, anchor: str) -> tuple[Heading, str] | None:
    """The heading with id ``anchor`` and the page's Markdown from it to the next heading of
    the same or a higher level (subsections included); None if no heading has that id."""
    text, found = _page(path)
    for n, heading in enumerate(found):
        if heading.id == anchor:
            end = next((h.line for h in found[n + 1 :] if h.level <= heading.level), None)
            lines = text.splitlines()[heading.line : end]
            return heading, "\n".join(lines)
    return None


def executed_snippets(markdown_text: str) -> list[str]:
    """The snippets a piece of a page runs: every reference but those showing only source."""
    references, _ = scan("section", markdown_text)
    return [ref.snippet for ref in references if ref.show != "source"]


def problems(families: list[Family], docs: Path = DOCS) -> list[str]:
    """What the files cannot check alone: anchors in both editions, the evidence in each
    section, and the size of each family."""
    found = []
    for family in families:
        if len(family.questions) < MIN_PER_FAMILY:
            found.append(
                f"family {family.id}: {len(family.questions)} questions, "
                f"fewer than {MIN_PER_FAMILY}"
            )
        for q in family.questions:
            if q.answer is None:
                continue
            where = f"{q.file}, entry {q.index} ({q.id})"
            for lang in ("en", "zh"):
                page = q.answer.page_file(lang)
                located = section(docs / page, q.answer.anchor)
                if located is None:
                    found.append(f"{where}: no heading #{q.answer.anchor} in docs/{page}")
                    continue
                ran = executed_snippets(located[1])
                if not ran:
                    found.append(f"{where}: docs/{page}#{q.answer.anchor} runs no snippet")
                for snippet in q.answer.snippets:
                    if snippet not in ran:
                        found.append(
                            f"{where}: docs/{page}#{q.answer.anchor} does not run {snippet}"
                        )
    return found


def main(argv: list[str]) -> int:
    del argv
    try:
        families = load()
    except QuestionsError as exc:
        print(exc)
        return 1
    total = sum(len(f.questions) for f in families)
    answered = sum(len(f.answered) for f in families)
    for family in families:
        count, answered_here = len(family.questions), len(family.answered)
        print(f"{family.id:<16} {count:>4} questions, {answered_here} answered")
    print(f"{'all':<16} {total:>4} questions, {answered} answered")
    found = problems(families)
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
