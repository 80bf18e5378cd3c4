"""The self-test and mock-interview pages (``practice:`` in a page's front matter): their cards,
questions and Anki deck, generated while the site builds.

The cards come from ``cards/*.yml`` and the snippets' outcomes, taken from the snippet hooks'
current build (``outcome_of``): a card shows the very run its page of origin embeds, and a
card whose snippet no page shows fails the build. An edition's cards and deck are kept between
builds while everything they were made from is the same (``practice.deck_cache``). The
questions and model answers come from the interview pages. The work is in ``practice``; this
file only connects it to MkDocs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs_rebuilds import rebuild_if_newer
from practice import anki, answers, deck_cache, render
from practice.cards import CardError, build

MARKER = "<!-- practice -->"
CARD_SNIPPET = re.compile(r"^\s*snippet: (\S+)", re.MULTILINE)  # a predict card's snippet
REFERENCE = re.compile(r"\{\* (snippets/\S+)")  # a snippet an errors entry shows

# page source -> its deck (made now, or kept from an earlier build) and where to write it
_decks: dict[str, tuple[deck_cache.Made | deck_cache.Kept, Path]] = {}
_kept: list[deck_cache.DeckCache] = []  # where decks are kept between builds (set by on_config)


def _adapter(config: MkDocsConfig) -> Any:
    hooks = config["hooks"].values()
    found = next((h for h in hooks if hasattr(h, "outcome_of")), None)
    if found is None:
        raise PluginError("the practice pages need the snippet hooks (scripts/mkdocs_snippets.py)")
    return found


def _language(page: Page) -> str:
    return "zh" if page.file.src_uri.endswith(".zh.md") else "en"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    root = Path(config.config_file_path).resolve().parent
    render.remember_in(root / ".cache" / "practice" / "highlighted.json")
    _kept[:] = [deck_cache.DeckCache(root / ".cache" / "practice" / "decks")]
    return config


def on_post_build(config: MkDocsConfig) -> None:
    render.save()


@event_priority(-120)  # after mkdocs-static-i18n (-100) has made the edition's file list
def on_files(files: Files, config: MkDocsConfig) -> Files:
    # A practice page shows the cards, their snippets' outputs (an error card's is the errors
    # entry's snippet), the errors entries and the interview pages' answers: a dirty rebuild
    # (make serve) builds it again when one of them changed.
    root = Path(config.config_file_path).resolve().parent
    cards = sorted((root / "cards").glob("*.yml"))
    named = {m.group(1) for c in cards for m in CARD_SNIPPET.finditer(c.read_text("utf-8"))}
    errors = sorted((root / "docs" / "errors").glob("*.md"))  # an error card's message
    named |= {m.group(1) for page in errors for m in REFERENCE.finditer(page.read_text("utf-8"))}
    shown = [*cards, *(root / rel for rel in sorted(named) if (root / rel).is_file())]
    shown += [
        Path(f.abs_src_path)
        for f in files.documentation_pages()
        if f.abs_src_path and f.src_uri.startswith(("interview/", "errors/"))
    ]
    for file in files.documentation_pages():
        head = Path(file.abs_src_path).read_text("utf-8")[:300] if file.abs_src_path else ""
        if file.src_uri.endswith(".md") and "\npractice:" in head:
            rebuild_if_newer(file, shown)
    return files


@event_priority(50)  # before the snippet hooks read the page
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    mode = page.meta.get("practice")
    if not mode:
        return markdown
    if MARKER not in markdown:
        raise PluginError(f"{page.file.src_uri}: a practice page needs the line {MARKER}")
    root = Path(config.config_file_path).resolve().parent
    docs = Path(config.docs_dir).resolve()
    language = _language(page)
    if mode == "cards" and not _adapter(config).executes():
        generated = PREVIEW[language]
    elif mode == "cards":
        adapter = _adapter(config)

        def output(rel: str) -> str:
            outcome = adapter.outcome_of(rel)
            if outcome.error:
                raise PluginError(f"{rel} failed, so its card cannot be built:\n{outcome.error}")
            return str(outcome.display)

        def message(rel: str) -> str:
            outcome = adapter.outcome_of(rel)
            if not outcome.raised:
                raise PluginError(f"{rel}: an explain-this-error card needs it to raise")
            return str(outcome.raised)

        dest = Path(page.file.abs_dest_path).parent / anki.deck_file(language)
        deck_key = deck_cache.key(root, docs, language, str(config.site_url or ""))
        kept = _kept[0].get(deck_key, deck_cache.Asked(root, output, message)) if _kept else None
        if kept is not None:
            _decks[page.file.src_uri] = (kept, dest)
            return markdown.replace(MARKER, kept.markdown)
        asked = deck_cache.Asked(root, output, message)  # what the build below asks
        try:
            deck = build(root, docs, language, asked.asked_output, asked.asked_message)
        except (CardError, PluginError) as error:
            problem = f"self-test card: {error}"
            if not adapter.serving():
                raise PluginError(problem) from None
            # under serve, the page says what is wrong and the site keeps serving
            indented = "\n".join("    " + line for line in problem.splitlines())
            return markdown.replace(MARKER, f'!!! failure "Self-test"\n{indented}\n')
        generated = render.cards_page(deck, docs, anki.deck_file(language))
        _decks[page.file.src_uri] = (deck_cache.Made(deck, deck_key, asked, generated), dest)
    elif mode == "mock":
        questions = answers.questions(docs, language)
        mains = [
            (q, answers.asked(q, language))
            for q in questions
            if q.page.name.split(".")[0] in MAIN_PAGES and _opens_its_section(q, questions)
        ]
        follow_ups = [
            (q, answers.asked(q, language))
            for q in questions
            if q.page.name.split(".")[0] == "follow-ups"
        ]
        if not mains or not follow_ups:
            raise PluginError(
                f"{page.file.src_uri}: the interview pages gave no main question "
                "or no follow-up (are their answers labelled as practice.answers reads?)"
            )
        generated = render.mock_markdown(mains, follow_ups, language)
    else:
        raise PluginError(f"{page.file.src_uri}: practice: {mode!r} is neither cards nor mock")
    return markdown.replace(MARKER, generated)


PREVIEW = {
    "en": '!!! info "Preview"\n    The cards are built from the snippets\' outputs, '
    "and this build ran none.",
    "zh": '!!! info "预览"\n    卡片由代码片段的实际输出生成，而这次构建没有运行任何代码片段。',
}


def _opens_its_section(question: answers.Question, questions: list[answers.Question]) -> bool:
    """Whether it is the first question of its section: the later steps of a drill-down
    ("how does it record the steps?") make sense only after the first."""
    same = [q for q in questions if q.page == question.page and q.section == question.section]
    return same[0] is question


# The pages whose questions open a mock interview; follow-ups.md holds the follow-up questions.
MAIN_PAGES = ("graph-and-autograd", "dynamic-graphs", "rephrasings")


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    made = _decks.pop(page.file.src_uri, None)
    if made is None:
        return output
    deck, dest = made
    if isinstance(deck, deck_cache.Kept):
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(deck.apkg)
        return output
    anki.write(deck.deck, dest, str(config.site_url or ""))
    if _kept:
        _kept[0].put(deck.key, deck.asked, deck.markdown, dest.read_bytes())
    return output
