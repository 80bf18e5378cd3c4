"""The self-test and mock-interview pages as Markdown for the site to render: the cards as JSON
for the page's script, their links as Markdown links (so the site resolves and checks them), the
mock interview's questions and model answers as hidden sections of the page."""

from __future__ import annotations

import functools
import html
import json
import re
from dataclasses import asdict
from pathlib import Path

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from fieldguide.practice.answers import Chain, Question
from fieldguide.practice.cards import Card, Deck


def inline_html(text: str) -> str:
    """Short card text: escaped, with `code` spans."""
    parts = re.split(r"`([^`]+)`", text)
    return "".join(
        f"<code>{html.escape(part)}</code>" if i % 2 else html.escape(part)
        for i, part in enumerate(parts)
    )


@functools.lru_cache(maxsize=4096)
def code_html(code: str) -> str:
    """Python highlighted with the classes the site's code blocks use (each code once per
    process: both editions show the same cards)."""
    body = highlight(code, PythonLexer(), HtmlFormatter(nowrap=True))
    return f'<div class="highlight"><pre><code>{body}</code></pre></div>'


def _card_json(card: Card, title: str) -> dict[str, object]:
    data = asdict(card)
    data["promptHtml"] = inline_html(card.prompt)
    data["codeHtml"] = code_html(card.code) if card.code else ""
    data["choices"] = [
        {
            "html": inline_html(c.text) if card.kind == "error" else html.escape(c.text),
            "correct": c.correct,
            "noteHtml": inline_html(c.note),
        }
        for c in card.choices
    ]
    data["explainsTitle"] = title
    for key in ("code", "prompt"):
        del data[key]
    return data


def script_json(data: object) -> str:
    """JSON that is safe inside a <script> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def cards_page(deck: Deck, docs: Path, anki_file: str) -> str:
    """The self-test page's generated part for ``deck``, with the titles of the pages and of the
    sections its cards link to, as the pages under ``docs`` give them in the deck's language."""
    language = deck.language
    titles = {c.explains: page_title(docs, c.explains, language) for c in deck.cards}
    sections = {c.section: page_title(docs, f"{c.section}/index.md", language) for c in deck.cards}
    return cards_markdown(deck, titles, sections, anki_file)


def cards_markdown(
    deck: Deck, titles: dict[str, str], sections: dict[str, str], anki_file: str
) -> str:
    """The self-test page's generated part: the app's mount point, the cards, their links.
    ``titles``: the title of each page a card explains; ``sections``: of each section."""
    cards = [_card_json(c, titles.get(c.explains, c.explains)) for c in deck.cards]
    for card in cards:
        card["sectionTitle"] = sections.get(str(card["section"]), str(card["section"]))
    links = "\n".join(f'- [{c.id}](../{c.explains}){{ data-card="{c.id}" }}' for c in deck.cards)
    return (
        f'<div id="practice-app" class="practice" data-mode="cards" '
        f'data-language="{deck.language}" data-anki="{anki_file}"></div>\n\n'
        f'<script type="application/json" id="practice-cards">{script_json(cards)}</script>\n\n'
        f'<div class="practice-links" hidden data-search-exclude markdown>\n\n{links}\n\n</div>\n'
    )


SNIPPET = re.compile(r"\{\*.*?\*\}", re.S)


def _answer_markdown(question: Question, body: str) -> str:
    """An answer moved to another page of the same folder: its own-page anchors made explicit."""
    if SNIPPET.search(body):
        raise ValueError(f"{question.where()}: an answer the mock interview shows embeds a snippet")
    page = question.page.name.replace(".zh.md", ".md")
    return re.sub(r"\]\(#", f"]({page}#", body)


SOURCE_LINK = {
    "en": "The full answer, the checklist and the evidence",
    "zh": "完整展开、答题要点与证据",
}


def _answers_markdown(question: Question, language: str) -> str:
    from fieldguide.practice.answers import LABELS

    labels = LABELS[language]
    short = question.part("30s", language)
    main = question.part("90s", language)
    assert short and main, question.where()
    page = question.page.name.replace(".zh.md", ".md")
    return (
        f'<div class="mock-answer" markdown>\n\n'
        f"**{labels['30s']}**\n\n{_answer_markdown(question, short.body)}\n\n"
        f"**{labels['90s']}**\n\n{_answer_markdown(question, main.body)}\n\n"
        f"[{SOURCE_LINK[language]}]({page}#{question.anchor}){{ .mock-source }}\n\n"
        f"</div>"
    )


def _key(question: Question) -> str:
    return str(question.anchor)


def mock_page(found: list[Chain], language: str) -> str:
    """The mock interview's questions, hidden until the page's script shows them: each main
    question with its prompt, its model answers and its chain of follow-ups (each as the
    interviewer asks it, naming the question whose model answers answer it), then each
    question a chain asks that is not itself a main question."""
    from fieldguide.practice.answers import asked

    mount = f'<div id="practice-app" class="practice" data-mode="mock" data-language="{language}">'
    parts = [mount + "</div>\n"]
    mains = {_key(c.main) for c in found}
    shown: set[str] = set()
    for chain in found:
        steps = "\n\n".join(
            f'<div class="mock-follow-up-prompt" data-id="{_key(target)}" markdown>\n\n'
            f"{follow_up.text}\n\n</div>"
            for follow_up, target in chain.steps
        )
        shown.add(_key(chain.main))
        parts.append(
            f'<section class="mock-question" data-kind="main" data-id="{_key(chain.main)}" '
            f"hidden data-search-exclude markdown>\n\n"
            f'<div class="mock-prompt" markdown>\n\n{asked(chain.main, language)}\n\n</div>\n\n'
            f'<div class="mock-chain" markdown>\n\n{steps}\n\n</div>\n\n'
            f"{_answers_markdown(chain.main, language)}\n\n</section>\n"
        )
    for chain in found:
        for _, target in chain.steps:
            key = _key(target)
            if key in mains or key in shown:
                continue
            shown.add(key)
            parts.append(
                f'<section class="mock-question" data-kind="follow-up" data-id="{key}" '
                f"hidden data-search-exclude markdown>\n\n"
                f'<div class="mock-prompt" markdown>\n\n{asked(target, language)}\n\n</div>\n\n'
                f"{_answers_markdown(target, language)}\n\n</section>\n"
            )
    return "\n".join(parts)


ATTR_LIST = re.compile(r"\s*\{\s*[#.:][^{}]*\}\s*$")  # a heading's `{ #id }`, as attr_list reads it


def page_title(docs: Path, explains: str, language: str) -> str:
    """The H1 of the page a card links to, in the edition's language, as the page shows it:
    without the `{ #id }` that a Chinese heading carries to keep the English id."""
    page = explains.partition("#")[0]
    path = docs / page
    if language == "zh" and path.with_suffix(".zh.md").is_file():
        path = path.with_suffix(".zh.md")
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    match = re.search(r"^# (.+)$", text, re.M)
    return ATTR_LIST.sub("", match[1]).strip() if match else page
