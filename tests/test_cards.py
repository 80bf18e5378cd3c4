"""The self-test cards: specs are checked, answers come from the output and never from the spec,
asserts are hidden, and the repository's own card specs hold against the recorded snapshots."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide.engine.normalize import for_display
from fieldguide.practice.cards import (
    SECTIONS,
    CardError,
    ErrorEntry,
    ErrorSpec,
    PredictSpec,
    build,
    error_cards,
    load_errors,
    load_predict,
    predict_card,
    region,
    without_asserts,
)

ROOT = Path(__file__).resolve().parents[1]
TEXTS = {"en": "What prints?", "zh": "打印什么？"}


def spec(**changes: object) -> PredictSpec:
    fields: dict[str, object] = dict(
        id="c",
        snippet="s.py",
        prompt=TEXTS,
        wrong=("x: 2", "x: 3"),
        explains="graph/index.md#a",
        lines="^x: ",
        where="cards.yml:1",
    )
    fields.update(changes)
    return PredictSpec(**fields)  # type: ignore[arg-type]


def test_the_answer_is_the_matching_output_lines() -> None:
    card = predict_card(spec(), "zh", "header\nx: 1\nfooter\n", "print('x: 1')\n")
    assert card.shown == "x: 1" and card.prompt == "打印什么？"
    assert [c.text for c in card.choices if c.correct] == ["x: 1"]
    assert card.output == "header\nx: 1\nfooter\n" and card.section == "graph"


def test_a_pattern_matching_nothing_names_the_card() -> None:
    with pytest.raises(CardError, match=r"cards.yml:1.*matches"):
        predict_card(spec(lines="^y: "), "en", "x: 1\n", "")


def test_a_wrong_answer_that_is_the_output_is_refused() -> None:
    with pytest.raises(CardError, match="is what the snippet prints"):
        predict_card(spec(wrong=("x:   1", "x: 3")), "en", "x: 1\n", "")


def test_the_code_shown_has_no_asserts_docstring_or_region_marks() -> None:
    source = (
        '"""Claims the answer."""\nimport torch\n# --8<-- [start:a]\nx = 1\n'
        "assert x == 1, (\n    'multi-line'\n)\nif x:\n    assert x\nprint(x)\n# --8<-- [end:a]\n"
    )
    shown = without_asserts(source)
    assert "assert " not in shown and "Claims" not in shown and "--8<--" not in shown
    assert "if x:\n    pass  # (a check, hidden" in shown and shown.endswith("print(x)")
    assert region(source, "a").startswith("x = 1")


def test_spec_files_are_checked_by_name(tmp_path: Path) -> None:
    path = tmp_path / "predict.yml"
    path.write_text(
        "- id: one\n  snippet: s.py\n  prompt: {en: a}\n  wrong: [a, b]\n"
        "  explains: graph/index.md\n",
        encoding="utf-8",
    )
    with pytest.raises(CardError, match=r"predict.yml:1 \(one\): prompt needs an en and a zh"):
        load_predict(path)
    path.write_text("- id: one\n  snippet: s.py\n", encoding="utf-8")
    with pytest.raises(CardError, match="missing explains, prompt, wrong"):
        load_predict(path)


def test_a_card_file_that_is_not_yaml_is_named_with_its_line(tmp_path: Path) -> None:
    for name, load in (("predict.yml", load_predict), ("errors.yml", load_errors)):
        path = tmp_path / name
        path.write_text("- id: one\n  wrong: [a,\n\n", encoding="utf-8")
        with pytest.raises(CardError, match=rf"^{path}:\d+: not valid YAML: "):
            load(path)


def texts(word: str) -> dict[str, str]:
    return {"en": word, "zh": word}


def error_spec(entry: str, *, fix: str = "", wrong: str = "", also: str = "") -> ErrorSpec:
    return ErrorSpec(
        entry,
        texts(fix or f"fix {entry}"),
        texts(wrong or f"wrong {entry}"),
        texts(f"why {entry}"),
        texts(also or f"also {entry}"),
    )


def test_an_error_card_offers_the_fix_and_two_wrong_fixes_of_its_own() -> None:
    specs = [error_spec(e) for e in "ab"]
    entries = [ErrorEntry(e, "p.md", "p", f"{e}.py", True) for e in "ab"]
    cards = error_cards(specs, entries, "en", lambda rel: f"RuntimeError: {rel}\n")
    first = cards[0]
    assert first.shown == "RuntimeError: a.py" and first.explains == "errors/p.md#a"
    assert [(c.text, c.correct, c.note) for c in first.choices] == [
        ("fix a", True, ""),
        ("wrong a", False, "why a"),
        ("also a", False, ""),
    ]
    assert first.code == ""  # no source given: no program


@pytest.mark.parametrize("field", ["wrong", "also"])
def test_a_wrong_fix_that_is_another_cards_fix_is_refused(field: str) -> None:
    entries = [ErrorEntry(e, "p.md", "p", f"{e}.py", True) for e in "ab"]
    specs = [error_spec("a", **{field: "fix  b"}), error_spec("b")]  # type: ignore[arg-type]
    with pytest.raises(CardError, match="is the fix of 'b'"):
        error_cards(specs, entries, "en", str)


def test_an_error_card_shows_the_program_that_raises() -> None:
    spec = error_spec("a", fix="fix")
    source = (
        "# snippet: raises=RuntimeError\n"
        '"""The docstring states the point."""\n'
        "import torch\n\n"
        "x = torch.ones(2)\n"
        "assert x.sum() == 2\n"
        "x.backward()\n"
    )
    entries = [ErrorEntry("a", "p.md", "p", "a.py", True)]
    (card,) = error_cards(
        [spec], entries, "en", lambda rel: "RuntimeError: no\n", lambda rel: source
    )
    assert card.code == "import torch\n\nx = torch.ones(2)\nx.backward()"


def test_the_real_error_cards_show_their_programs() -> None:
    root = Path(__file__).resolve().parents[1]

    def snapshot(rel: str) -> str:
        return for_display((root / rel).with_suffix(".out").read_text(encoding="utf-8"))

    deck = build(root, root / "docs", "en", snapshot, snapshot)
    errors = [c for c in deck.cards if c.kind == "error"]
    assert errors and all(c.code and "# snippet:" not in c.code for c in errors)


def test_an_error_card_without_its_entry_or_wrong_fix_is_refused() -> None:
    specs = [error_spec(e) for e in "ab"]
    entries = [ErrorEntry(e, "p.md", "p", f"{e}.py", True) for e in "ab"]
    with pytest.raises(CardError, match="no errors entry has the id 'c'"):
        error_cards([error_spec("c")], entries, "en", str)
    no_wrong_fix = [ErrorEntry("a", "p.md", "p", "a.py", False)]
    with pytest.raises(CardError, match="shows no tempting wrong fix"):
        error_cards(specs[:1], no_wrong_fix, "en", str)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_sites_cards_hold_against_the_recorded_outputs(language: str) -> None:
    def snapshot(rel: str) -> str:
        return for_display((ROOT / rel).with_suffix(".out").read_text(encoding="utf-8"))

    deck = build(ROOT, ROOT / "docs", language, snapshot, snapshot)
    predict = [c for c in deck.cards if c.kind == "predict"]
    # one card per entry of the card files, counted from them
    assert len(predict) == len(load_predict(ROOT / "cards" / "predict.yml"))
    assert {c.section for c in predict} >= set(SECTIONS)
    assert len(deck.cards) - len(predict) == len(load_errors(ROOT / "cards" / "errors.yml"))
    assert len({c.id for c in deck.cards}) == len(deck.cards)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_no_distractor_is_any_cards_answer(language: str) -> None:
    """Computed from the card files and the recorded outputs: a wrong choice that is another
    card's answer could be eliminated without reading the program."""

    def snapshot(rel: str) -> str:
        return for_display((ROOT / rel).with_suffix(".out").read_text(encoding="utf-8"))

    def normal(text: str) -> str:
        return " ".join(text.split())

    deck = build(ROOT, ROOT / "docs", language, snapshot, snapshot)
    answers = {normal(c.text): card.id for card in deck.cards for c in card.choices if c.correct}
    borrowed = [
        (card.id, c.text, answers[normal(c.text)])
        for card in deck.cards
        for c in card.choices
        if not c.correct and normal(c.text) in answers
    ]
    assert not borrowed
    for card in deck.cards:
        assert len(card.choices) == 3 if card.kind == "error" else len(card.choices) >= 3
        assert len({normal(c.text) for c in card.choices}) == len(card.choices), card.id
    # every error card's wrong fixes are written for it in the card file
    specs = {s.entry: s for s in load_errors(ROOT / "cards" / "errors.yml")}
    for card in (c for c in deck.cards if c.kind == "error"):
        spec = specs[card.id]
        wrong = {c.text for c in card.choices if not c.correct}
        assert wrong == {spec.wrong_fix[language], spec.also_tried[language]}
