"""The self-test deck's cache: what its key holds, and when a kept deck counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from practice import deck_cache


def test_a_deck_key_holds_the_card_files_the_pages_and_the_edition(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "docs" / "errors").mkdir(parents=True)
    (tmp_path / "cards" / "predict.yml").write_text("[]\n")
    (tmp_path / "docs" / "errors" / "a.md").write_text("# A\n")
    docs = tmp_path / "docs"
    keys = {deck_cache.key(tmp_path, docs, "en", "")}
    (tmp_path / "cards" / "predict.yml").write_text("- id: x\n")
    keys.add(deck_cache.key(tmp_path, docs, "en", ""))
    (tmp_path / "docs" / "errors" / "a.md").write_text("# B\n")
    keys.add(deck_cache.key(tmp_path, docs, "en", ""))
    (tmp_path / "docs" / "b.zh.md").write_text("# 新\n")
    keys.add(deck_cache.key(tmp_path, docs, "en", ""))
    keys |= {deck_cache.key(tmp_path, docs, "zh", ""), deck_cache.key(tmp_path, docs, "en", "/x")}
    assert len(keys) == 6


def _asked(root: Path, printed: dict[str, str]) -> deck_cache.Asked:
    def output(rel: str) -> str:
        if rel not in printed:
            raise RuntimeError(f"{rel} failed")
        return printed[rel]

    return deck_cache.Asked(root, output, lambda rel: "ValueError: " + output(rel))


def test_a_kept_deck_counts_while_every_answer_it_was_built_from_is_the_same(
    tmp_path: Path,
) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.py").write_text("print(1)\n")
    key = deck_cache.key(tmp_path, tmp_path, "en", "")
    cache = deck_cache.DeckCache(tmp_path / "decks")
    built = _asked(tmp_path, {"snippets/a.py": "1\n"})
    assert built.asked_output("snippets/a.py") == "1\n"
    built.asked_message("snippets/a.py")
    cache.put(key, built, "# cards", b"anki bytes")
    kept = cache.get(key, _asked(tmp_path, {"snippets/a.py": "1\n"}))
    assert kept == deck_cache.Kept("# cards", b"anki bytes")
    assert cache.get(key, _asked(tmp_path, {"snippets/a.py": "2\n"})) is None  # another output
    assert cache.get(key, _asked(tmp_path, {})) is None  # the snippet fails now
    (tmp_path / "snippets" / "a.py").write_text("print(1)  # edited\n")
    assert cache.get(key, _asked(tmp_path, {"snippets/a.py": "1\n"})) is None  # its source
    other = deck_cache.DeckKey(key.slot, "another digest")
    assert cache.get(other, _asked(tmp_path, {"snippets/a.py": "1\n"})) is None


@pytest.mark.parametrize("garbage", [b"", b"{", b"[]", b'{"key": 1}', b'{"key": "k", "asked": 3}'])
def test_an_unreadable_entry_is_a_miss(tmp_path: Path, garbage: bytes) -> None:
    key = deck_cache.DeckKey("en-x", "k")
    (tmp_path / "en-x.json").write_bytes(garbage)
    assert deck_cache.DeckCache(tmp_path).get(key, _asked(tmp_path, {})) is None
