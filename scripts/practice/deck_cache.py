"""An edition's self-test cards, as Markdown and as an Anki deck, kept between builds.

Building them (parsing the card files and the errors pages, cutting each snippet's code and
output, highlighting, writing Anki's SQLite file) is work a warm build would otherwise repeat on
every run although nothing it reads has changed. What it reads:

- the card files (``cards/``) and the pages (``docs/``: the errors entries a card quotes, the
  titles of the pages a card links to), hashed into the key as they are on disk;
- the code that builds them (this package and the page scanner it uses, as this process
  imported them) and the versions of the libraries it calls, also in the key;
- each snippet's source, output and raised message, as the build asked for them: recorded with
  the entry, which counts only while every one of them is the same.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import snippet_engine.pages
from build_caches import write_atomically

import practice
from practice.cards import Deck

LIBRARIES = ("genanki", "Pygments", "PyYAML")


def _code() -> str:
    """This package's and the scanner's sources as this process imported them (a running server
    keeps the modules it loaded: a deck built by old code must not be kept under new code)."""
    files = sorted(Path(practice.__file__).parent.glob("*.py"))
    files.append(Path(snippet_engine.pages.__file__))
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for name in LIBRARIES:
        try:
            digest.update(f"{name}={metadata.version(name)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=\0".encode())
    return digest.hexdigest()


CODE = _code()


def key(root: Path, docs: Path, language: str, site_url: str) -> str:
    """The key of an edition's deck: everything it reads but the snippets (see the module)."""
    digest = hashlib.sha256(f"{CODE}\0{language}\0{site_url}\0".encode())
    for folder, pattern in ((root / "cards", "*"), (docs, "*.md")):
        for path in sorted(p for p in folder.rglob(pattern) if p.is_file()):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Asked:
    """What a build asked about the snippets: each answer's hash, by question and snippet."""

    root: Path
    output: Callable[[str], str]
    message: Callable[[str], str]
    answers: dict[str, dict[str, str]] = field(default_factory=dict)

    def _noted(self, question: str, rel: str, answer: str) -> str:
        self.answers.setdefault(question, {})[rel] = _sha(answer)
        return answer

    def asked_output(self, rel: str) -> str:
        self.source(rel)
        return self._noted("output", rel, self.output(rel))

    def asked_message(self, rel: str) -> str:
        self.source(rel)
        return self._noted("message", rel, self.message(rel))

    def source(self, rel: str) -> str:
        path = self.root / rel
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        return self._noted("source", rel, text)

    def same(self, recorded: dict[str, dict[str, str]]) -> bool:
        """Whether every answer recorded with an entry is still the same."""
        ask = {"output": self.asked_output, "message": self.asked_message, "source": self.source}
        try:
            return recorded.keys() <= ask.keys() and all(
                _sha(ask[question](rel)) == digest
                for question, answers in recorded.items()
                for rel, digest in answers.items()
            )
        except Exception:  # noqa: BLE001 - a snippet that fails now: built afresh, reported there
            return False


@dataclass(frozen=True)
class Made:
    """A deck this build made: written beside its page, then kept."""

    deck: Deck
    key: str
    asked: Asked
    markdown: str


@dataclass(frozen=True)
class Kept:
    """A deck as a build made it: the page's Markdown and the Anki file."""

    markdown: str
    apkg: Path


class DeckCache:
    """Decks under ``folder``: ``<key>.json`` (the Markdown and what was asked) and
    ``<key>.apkg``; an unreadable or partial entry counts as a miss."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, deck_key: str, asked: Asked) -> Kept | None:
        entry, apkg = self.folder / f"{deck_key}.json", self.folder / f"{deck_key}.apkg"
        try:
            data = json.loads(entry.read_text(encoding="utf-8"))
            markdown, recorded = str(data["markdown"]), data["asked"]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if not apkg.is_file() or not isinstance(recorded, dict) or not asked.same(recorded):
            return None
        return Kept(markdown, apkg)

    def put(self, deck_key: str, asked: Asked, markdown: str, apkg: Path) -> None:
        """Keep a deck (the .apkg first: an entry whose JSON is there has its Anki file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
        os.close(fd)
        shutil.copyfile(apkg, tmp)
        os.replace(tmp, self.folder / f"{deck_key}.apkg")
        entry = {"markdown": markdown, "asked": asked.answers}
        write_atomically(self.folder / f"{deck_key}.json", json.dumps(entry, sort_keys=True))
