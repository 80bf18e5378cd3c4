"""The cards as an Anki deck (.apkg, written with genanki): the same cards as the self-test page,
front and back, each linking to the page that explains it."""

from __future__ import annotations

import html
import itertools
import sqlite3
import tempfile
import time
import zipfile
from pathlib import Path

import genanki
from pygments.formatters import HtmlFormatter
from pygments.styles import get_style_by_name
from pygments.token import Token

from fieldguide.practice.cards import Deck
from fieldguide.practice.render import code_html, inline_html

# Fixed ids: a re-imported deck updates its notes instead of duplicating them.
MODEL_ID = 1_739_201_011
DECK_IDS = {"en": 1_739_201_021, "zh": 1_739_201_022}
# The time every note, card and archive entry carries: a fixed one, so a deck is reproducible.
STAMP = 1_739_201_000
STAMP_DATE = time.gmtime(STAMP)[:6]
NAMES = {"en": "Autograd Field Guide", "zh": "Autograd 实战手册"}
LABELS = {
    "en": {
        "predict": "What does it print?",
        "error": "Which change fixes it?",
        "answer": "It prints",
        "fix": "The fix",
        "wrong": "Tempting but wrong",
        "why": "Why",
    },
    "zh": {
        "predict": "它会打印什么？",
        "error": "哪种改法能修好？",
        "answer": "实际输出",
        "fix": "修法",
        "wrong": "看似可行的错误修法",
        "why": "原理",
    },
}

# Code and outputs in both of Anki's schemes: a light code style by day, a dark one when Anki's
# night mode puts ``.nightMode`` (``.night_mode`` in older versions) on the card. Both styles'
# token colours keep 4.5:1 on their backgrounds; nothing else of Pygments' rules (line numbers,
# highlighted lines) is used by the cards.
DAY_STYLE, NIGHT_STYLE = "xcode", "lightbulb"
NIGHT = (".nightMode", ".night_mode")


def _style_rules(style: str, scopes: list[str]) -> str:
    rules = HtmlFormatter(style=style).get_style_defs([f"{s} .highlight" for s in scopes])
    kept = [
        line
        for line in rules.splitlines()
        if line.strip() and "linenos" not in line and ".hll" not in line and "pre {" not in line
    ]
    return "\n".join(kept)


def _card_css() -> str:
    day_bg = get_style_by_name(DAY_STYLE).background_color
    night = get_style_by_name(NIGHT_STYLE)
    night_fg = "#" + (night.style_for_token(Token.Text)["color"] or "ffffff")
    night_pres = ", ".join(f"{n} pre" for n in NIGHT)
    night_links = ", ".join(f"{n} a" for n in NIGHT)
    return "\n".join(
        [
            ".card { font-family: system-ui, sans-serif; text-align: left; }",
            f"pre {{ white-space: pre-wrap; font-size: 13px; padding: 6px; color: #000000; "
            f"background: {day_bg}; border: 1px solid #c8c8c8; }}",
            ".source { font-size: 12px; }",
            _style_rules(DAY_STYLE, [".card"]),
            f"{night_pres} {{ color: {night_fg}; background: {night.background_color}; "
            "border-color: #4a5163; }",
            f"{night_links} {{ color: #8ab4f8; }}",
            # a token the night style leaves uncoloured must not keep its day colour
            ", ".join(f"{n} .highlight [class]" for n in NIGHT) + f" {{ color: {night_fg}; }}",
            _style_rules(NIGHT_STYLE, list(NIGHT)),
        ]
    )


MODEL = genanki.Model(
    MODEL_ID,
    "Autograd Field Guide card",
    fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Source"}],
    templates=[
        {
            "name": "Card",
            "qfmt": "{{Front}}",
            "afmt": "{{FrontSide}}<hr id=answer>{{Back}}<p class=source>{{Source}}</p>",
        }
    ],
    css=_card_css(),
)


def _pre(text: str) -> str:
    return f"<pre>{html.escape(text)}</pre>"


def notes(deck: Deck, site_url: str) -> list[genanki.Note]:
    labels = LABELS[deck.language]
    base = site_url.rstrip("/") + ("/zh/" if deck.language == "zh" else "/")
    found = []
    for card in deck.cards:
        url = base + page_path(card.explains)
        if card.kind == "predict":
            front = f"<p>{inline_html(card.prompt)}</p>{code_html(card.code)}"
            back = f"<p><b>{labels['answer']}</b></p>{_pre(card.shown)}"
        else:
            wrong = next(c for c in card.choices if not c.correct and c.note)
            right = next(c for c in card.choices if c.correct)
            program = code_html(card.code) if card.code else ""
            front = f"<p>{labels['error']}</p>{program}{_pre(card.shown)}"
            back = (
                f"<p><b>{labels['fix']}:</b> {inline_html(right.text)}</p>"
                f"<p><b>{labels['wrong']}:</b> {inline_html(wrong.text)} "
                f"{inline_html(wrong.note)}</p>"
            )
        source = f'<a href="{html.escape(url)}">{labels["why"]}</a> · {html.escape(card.snippet)}'
        guid = genanki.guid_for(deck.language, card.kind, card.id)
        found.append(
            genanki.Note(
                model=MODEL, fields=[front, back, source], guid=guid, tags=[card.kind, card.section]
            )
        )
    return found


def page_path(explains: str) -> str:
    """``graph/views.md#x`` as the site serves it: ``graph/views/#x``; ``errors/index.md``
    is ``errors/``."""
    page, _, anchor = explains.partition("#")
    path = page.removesuffix(".md")
    path = path.removesuffix("index") if path.endswith("index") else path + "/"
    return path + (f"#{anchor}" if anchor else "")


def write(deck: Deck, path: Path, site_url: str) -> Path:
    """Write the edition's deck to ``path`` (an .apkg: a zip holding Anki's SQLite collection).

    The same cards give the same bytes: notes, cards and archive entries carry
    :data:`STAMP`, not the time of the build, and the collection is made in a temporary
    folder that goes with it (``Package.write_to_file`` leaves its database in ``$TMPDIR``).
    """
    anki_deck = genanki.Deck(DECK_IDS[deck.language], NAMES[deck.language])
    for note in notes(deck, site_url):
        anki_deck.add_note(note)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="anki-") as scratch:
        database = Path(scratch) / "collection.anki2"
        connection = sqlite3.connect(database)
        try:
            ids = itertools.count(STAMP * 1000)
            genanki.Package(anki_deck).write_to_db(connection.cursor(), STAMP, ids)
            connection.commit()
        finally:
            connection.close()
        with zipfile.ZipFile(path, "w") as archive:
            for name, data in (("collection.anki2", database.read_bytes()), ("media", b"{}")):
                archive.writestr(zipfile.ZipInfo(name, date_time=STAMP_DATE), data)
    return path


def deck_file(language: str) -> str:
    return f"autograd-field-guide-{language}.apkg"
