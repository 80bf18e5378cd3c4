"""The Anki export: an .apkg that Anki's own format reads, one note per card, stable ids."""

from __future__ import annotations

import sqlite3
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

from fieldguide.practice.anki import page_path, write
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
