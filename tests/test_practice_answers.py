"""Every interview answer has its parts in order and can be said in its time, in both editions
(the bounds are in ``practice.speech``)."""

from pathlib import Path

import pytest

from fieldguide.practice.answers import LABELS, language_of, pages, problems, questions, read

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _answer_blocks(language: str) -> int:
    """The 30-second answer blocks the interview pages hold, counted in their sources."""
    label = f'"{LABELS[language]["30s"]}"'
    return sum(page.read_text(encoding="utf-8").count(label) for page in pages(DOCS, language))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_answer_has_its_parts_and_its_length(language: str) -> None:
    found_questions = questions(DOCS, language)
    assert len(found_questions) == _answer_blocks(language), "answers the reader did not find"
    found = problems(DOCS, language)
    assert not found, "\n".join(f"{p.where}: {p.message}" for p in found)


def test_both_editions_ask_the_same_questions() -> None:
    english = questions(DOCS, "en")
    chinese = questions(DOCS, "zh")
    assert english
    assert [(q.page.name, q.anchor) for q in english] == [
        (q.page.name.replace(".zh.md", ".md"), q.anchor) for q in chinese
    ]


def test_the_reader_finds_the_parts_it_checks(tmp_path: Path) -> None:
    page = tmp_path / "interview" / "demo.md"
    page.parent.mkdir()
    labels = LABELS["en"]
    page.write_text(
        "## A question {#q}\n\n"
        f'??? success "{labels["30s"]}"\n    short\n\n'
        f'??? success "{labels["90s"]}"\n    longer\n\n'
        f'??? success "{labels["full"]}"\n    full, with a [link](x.md)\n\n'
        f'??? tip "{labels["checklist"]}"\n    - one\n    - two\n\n'
        f'### {labels["wrong"]} {{#q-wrong}}\n\n**"A claim."** Its correction.\n',
        encoding="utf-8",
    )
    assert language_of(page) == "en" and pages(tmp_path, "en") == [page]
    (section,) = read(page)
    (question,) = section.questions
    assert question.anchor == "q" and section.wrong_answers
    messages = [p.message for p in problems(tmp_path, "en")]
    assert any("30-second answer: 1 words" in m for m in messages)
    assert any("checklist has 2 points" in m for m in messages)
    assert not any("links to no evidence" in m for m in messages)
