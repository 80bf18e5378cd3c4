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

import base64
import hashlib
import json
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


@dataclass(frozen=True)
class DeckKey:
    """Where an edition's deck is kept (one file per edition and site address: a new deck
    replaces the last one), and the hash of everything it reads but the snippets."""

    slot: str
    digest: str


def key(root: Path, docs: Path, language: str, site_url: str) -> DeckKey:
    """The key of an edition's deck (see the module)."""
    digest = hashlib.sha256(f"{CODE}\0{language}\0{site_url}\0".encode())
    for folder, pattern in ((root / "cards", "*"), (docs, "*.md")):
        for path in sorted(p for p in folder.rglob(pattern) if p.is_file()):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    slot = f"{language}-{hashlib.sha256(site_url.encode()).hexdigest()[:12]}"
    return DeckKey(slot, digest.hexdigest())


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
    key: DeckKey
    asked: Asked
    markdown: str


@dataclass(frozen=True)
class Kept:
    """A deck as a build made it: the page's Markdown and the Anki file's bytes."""

    markdown: str
    apkg: bytes


class DeckCache:
    """Decks under ``folder``, one JSON file per slot holding the key, what the build asked,
    the Markdown and the Anki file: written at once (atomically), so a concurrent build never
    pairs one build's Markdown with another's deck. An unreadable entry counts as a miss."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, deck_key: DeckKey, asked: Asked) -> Kept | None:
        try:
            data = json.loads((self.folder / f"{deck_key.slot}.json").read_text(encoding="utf-8"))
            if data["key"] != deck_key.digest or not isinstance(data["asked"], dict):
                return None
            kept = Kept(str(data["markdown"]), base64.b64decode(data["apkg"], validate=True))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return kept if asked.same(data["asked"]) else None

    def put(self, deck_key: DeckKey, asked: Asked, markdown: str, apkg: bytes) -> None:
        entry = {
            "key": deck_key.digest,
            "asked": asked.answers,
            "markdown": markdown,
            "apkg": base64.b64encode(apkg).decode("ascii"),
        }
        write_atomically(self.folder / f"{deck_key.slot}.json", json.dumps(entry, sort_keys=True))
