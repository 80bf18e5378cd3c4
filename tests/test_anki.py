"""The Anki export: an .apkg that Anki's own format reads, one note per card, stable ids."""

from __future__ import annotations

import re
import sqlite3
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

from fieldguide.practice.anki import MODEL, page_path, write
from fieldguide.practice.anki import notes as notes_of
from fieldguide.practice.cards import Card, Choice, Deck


def card(kind: str, card_id: str) -> Card:
    choices = (Choice("right `x`", True), Choice("wrong", False, "because"))
    return Card(
        card_id,
        kind,
        "graph",
        "What `x`?",
        "print(1)",
        "1",
        "1\n",
        choices,
        "graph/views.md#a",
        "snippets/graph/x.py",
    )


def notes(path: Path, tmp_path: Path) -> list[tuple[str, str]]:
    with zipfile.ZipFile(path) as archive:
        archive.extract("collection.anki2", tmp_path)
    db = sqlite3.connect(tmp_path / "collection.anki2")
    rows = [(guid, fields) for guid, fields in db.execute("select guid, flds from notes")]
    db.close()
    return rows


def test_every_card_becomes_a_note_linking_its_page(tmp_path: Path) -> None:
    deck = Deck("zh", [card("predict", "p"), card("error", "e")])
    rows = notes(write(deck, tmp_path / "deck.apkg", "https://example.org/"), tmp_path)
    assert len(rows) == 2
    predict, error = (fields for _, fields in rows)
    assert "<code>x</code>" in predict and "https://example.org/zh/graph/views/#a" in predict
    assert "实际输出" in predict and "看似可行的错误修法" in error and "because" in error


def test_a_rebuilt_deck_keeps_its_note_ids(tmp_path: Path) -> None:
    deck = Deck("en", [card("predict", "p")])
    first = notes(write(deck, tmp_path / "a.apkg", ""), tmp_path / "a")
    second = notes(write(deck, tmp_path / "b.apkg", ""), tmp_path / "b")
    assert [g for g, _ in first] == [g for g, _ in second]


def test_page_paths_are_the_served_addresses() -> None:
    assert page_path("graph/views.md#x") == "graph/views/#x"
    assert page_path("errors/index.md") == "errors/"


def _rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """(selector, declarations) for each selector of each rule of a flat stylesheet."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        declarations = dict(
            (k.strip(), v.strip())
            for k, _, v in (d.partition(":") for d in body.split(";"))
            if v.strip()
        )
        for one in selector.split(","):
            found.append((" ".join(one.split()), declarations))
    return found


def _luminance(colour: str) -> float:
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    channels = [int(hexa[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_decks_code_reads_in_day_and_in_night_mode() -> None:
    """Anki's night mode adds ``.nightMode`` (older versions ``.night_mode``) to the card: code
    and outputs get a dark background there, and every colour the deck gives text, in either
    mode, keeps 4.5:1 against its mode's background."""
    rules = _rules(MODEL.css)
    colours = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")

    def background(scope: str) -> str:
        (found,) = [d["background"] for s, d in rules if s.startswith(f"{scope} pre")]
        return colours.findall(found)[0]

    day = next(colours.findall(d["background"])[0] for s, d in rules if s == "pre")
    for night in (".nightMode", ".night_mode"):
        assert _contrast(background(night), day) > 4.5  # a dark background, not the day's
        assert any(s.startswith(f"{night} .highlight [class]") for s, _ in rules)
    checked = 0
    for selector, declarations in rules:
        if "color" not in declarations:
            continue
        scope = background(".nightMode") if ".night" in selector else day
        for colour in colours.findall(declarations["color"]):
            assert _contrast(colour, scope) >= 4.5, (selector, colour, scope)
            checked += 1
    assert checked > 40  # the token colours of both styles


def test_a_cards_code_tokens_carry_the_classes_the_deck_colours() -> None:
    """A token class the styles leave uncoloured takes the code's own colour: black by day,
    the night style's text colour at night (the ``[class]`` rule), never a day colour at night."""
    deck = Deck("en", [card("predict", "p")])
    (front, _, _) = notes_of(deck, "")[0].fields
    used = set(re.findall(r'<span class="([a-z0-9]+)"', front))
    rules = _rules(MODEL.css)
    day = {s.rsplit(" .", 1)[-1] for s, _ in rules if s.startswith(".card .highlight .")}
    assert used & day  # highlighted with the classes the day style colours
    fallback = [d for s, d in rules if s == ".nightMode .highlight [class]"]
    assert fallback and fallback[0]["color"]


def test_a_rebuilt_deck_is_the_same_file_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    deck = Deck("en", [card("predict", "p"), card("error", "e")])
    first = write(deck, tmp_path / "a.apkg", "").read_bytes()
    time.sleep(1.1)  # a build a second later: nothing in the file may tell the difference
    second = write(deck, tmp_path / "b.apkg", "").read_bytes()
    assert first == second
    assert list(scratch.iterdir()) == []
