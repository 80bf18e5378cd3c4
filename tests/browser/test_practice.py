"""The self-test cards and the mock interview, driven as a reader drives them, in both editions:
answering by keyboard and by mouse, spaced repetition across reloads, reset, the error cards'
own wrong fixes, the Anki download and its night mode, a phone's screen, contrast in both colour
schemes, and the timed mock interview with its follow-ups, rating, notes and history."""

from __future__ import annotations

import html
import json
import re
import sqlite3
import zipfile
from pathlib import Path

import pytest

from fieldguide.practice.cards import load_errors, load_predict

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ["", "zh/"]
SECTIONS = ("graph", "backward", "lifetime", "hooks", "custom", "higher-order", "beyond", "scratch")


def _cards(site_dir: Path, edition: str) -> list[dict]:
    text = (site_dir / edition / "interview/self-test/index.html").read_text(encoding="utf-8")
    match = re.search(
        r'<script type="application/json" id="practice-cards">(.*?)</script>', text, re.S
    )
    assert match, "the self-test page carries no cards"
    return json.loads(match[1].replace("<\\/", "</"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_deck_covers_every_section_with_enough_cards(site_dir: Path, edition: str) -> None:
    cards = _cards(site_dir, edition)
    predict = [c for c in cards if c["kind"] == "predict"]
    errors = [c for c in cards if c["kind"] == "error"]
    assert len(predict) == len(load_predict(ROOT / "cards" / "predict.yml"))
    assert {c["section"] for c in predict} >= set(SECTIONS)
    assert len(errors) == len(load_errors(ROOT / "cards" / "errors.yml"))
    for card in errors:  # the tempting wrong fix is a choice, and says why it is wrong
        assert sum(c["correct"] for c in card["choices"]) == 1
        assert any(not c["correct"] and c["noteHtml"] for c in card["choices"]), card["id"]


def _output_blocks(site_dir: Path, edition: str) -> dict[str, set[str]]:
    """Every output a page of the edition embeds, by snippet."""
    found: dict[str, set[str]] = {}
    block = re.compile(
        r'data-snippet="([^"]+)"[^>]*>\s*<p class="snippet-label">[^<]*</p>\s*'
        r'<pre class="snippet-text"><code>(.*?)</code></pre>',
        re.S,
    )
    for page in (site_dir / edition).rglob("index.html"):
        if not edition and page.relative_to(site_dir).parts[0] == "zh":
            continue
        for snippet, text in block.findall(page.read_text(encoding="utf-8")):
            found.setdefault(snippet, set()).add(html.unescape(re.sub(r"<[^>]+>", "", text)))
    return found


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_predict_card_shows_the_output_its_pages_show(site_dir: Path, edition: str) -> None:
    shown = _output_blocks(site_dir, edition)
    for card in _cards(site_dir, edition):
        if card["kind"] != "predict":
            continue
        assert card["snippet"] in shown, f"{card['id']}: no page shows {card['snippet']}"
        outputs = {o.rstrip("\n") for o in shown[card["snippet"]]}
        assert card["output"].rstrip("\n") in outputs, card["id"]
        (right,) = [c for c in card["choices"] if c["correct"]]
        lines = card["output"].splitlines()
        assert all(line in lines for line in html.unescape(right["html"]).splitlines()), card["id"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_error_card_shows_the_message_its_entry_shows(site_dir: Path, edition: str) -> None:
    for card in _cards(site_dir, edition):
        if card["kind"] != "error":
            continue
        page, _, anchor = card["explains"].partition("#")
        text = (site_dir / edition / page.removesuffix(".md") / "index.html").read_text("utf-8")
        section = text[text.index(f'id="{anchor}"') :]
        block = re.search(r'class="error-message-text">(.*?)</p>', section, re.S)
        assert block, f"{card['id']}: the entry shows no message"
        message = " ".join(html.unescape(re.sub(r"<[^>]+>", "", block[1])).split())
        assert " ".join(card["shown"].splitlines()[0].split()) in message, card["id"]


def _open(page, base: str) -> None:
    """The page as a first-time visitor opens it: the ``page`` fixture cleared the site's
    storage, so no progress is kept (the theme keeps only its colour palette)."""
    page.goto(base)
    assert page.evaluate("Object.keys(window.localStorage)") == ["/.__palette"]
    page.locator(".practice-card").wait_for()


def _current(page) -> str:
    return page.locator(".practice-card").get_attribute("data-card")


def _answer(page, right: bool, *, keyboard: bool = False) -> None:
    choices = page.locator(".practice-choice")
    wanted = [
        i
        for i in range(choices.count())
        if (choices.nth(i).get_attribute("data-correct") == "true") == right
    ]
    if keyboard:
        page.keyboard.press(str(wanted[0] + 1))
        page.keyboard.press("Enter")
    else:
        choices.nth(wanted[0]).locator("label").click()
        page.locator(".practice-check").click()
    page.locator(".practice-result").wait_for()


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_card_answered_by_keyboard(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    # the page opens at its top: focus moves to the card only once the learner acts
    assert page.evaluate("window.scrollY") == 0
    assert not page.evaluate("document.activeElement.classList.contains('practice-card-title')")
    card = _current(page)
    _answer(page, True, keyboard=True)
    result = page.locator(".practice-result")
    assert "is-right" in (result.get_attribute("class") or "")
    assert page.evaluate("document.activeElement.classList.contains('practice-next')")
    why = result.locator("a.practice-why")
    target = why.evaluate("a => a.href")
    assert ("/zh/" in target) == (edition == "zh/"), target  # the explaining page of this edition
    page.keyboard.press("Enter")  # the focused Next button
    assert _current(page) != card
    assert not page.console_errors
    page.goto(target)  # (in the same tab: a new one costs Chromium a CPU-second)
    assert page.locator(f"[id='{target.split('#')[1]}']").count() == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_missed_card_comes_back_three_cards_later(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    missed = _current(page)
    _answer(page, False)
    assert "is-wrong" in (page.locator(".practice-result").get_attribute("class") or "")
    seen = []
    for _ in range(3):
        page.locator(".practice-next").click()
        seen.append(_current(page))
        _answer(page, True)
    page.locator(".practice-next").click()
    assert missed not in seen and _current(page) == missed


@pytest.mark.parametrize("edition", EDITIONS)
def test_progress_survives_a_reload_and_reset_clears_it(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    first = _current(page)
    _answer(page, True)
    stored = page.evaluate("JSON.stringify(window.localStorage)")
    assert first in stored
    page.reload()
    page.locator(".practice-card").wait_for()
    assert _current(page) != first  # learned: due again in a day, not now
    assert re.search(r"\b1\b", page.locator(".practice-progress").inner_text())
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator(".practice-reset").click()
    total = page.evaluate("JSON.parse(document.querySelector('#practice-cards').text).length")
    assert asked and re.search(rf"\b{total}\b", asked[0])  # it names how many it would erase
    assert first in page.evaluate("JSON.stringify(window.localStorage)")  # declined: kept
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".practice-reset").click()
    assert _current(page) == first
    assert first not in page.evaluate("JSON.stringify(window.localStorage)")


@pytest.mark.parametrize("edition", EDITIONS)
def test_reset_under_a_filter_clears_only_that_filter(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    predicted = _current(page)
    _answer(page, True)
    page.locator(".practice-filter[data-filter=error]").click()
    explained = _current(page)
    _answer(page, True)
    errors = page.locator(".practice-filter[data-filter=error]").inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".practice-reset").click()
    stored = page.evaluate("JSON.stringify(window.localStorage)")
    assert predicted in stored and explained not in stored
    assert re.search(r"\d+", errors)  # the filter's button names its count


@pytest.mark.parametrize("edition", EDITIONS)
def test_progress_exported_to_a_file_comes_back_on_import(page, edition: str, tmp_path) -> None:
    _open(page, f"/{edition}interview/self-test/")
    first = _current(page)
    _answer(page, True)
    review = page.locator(".practice-result .practice-box").inner_text()
    assert re.search(r"\d", review.split("·")[-1])  # the next review's date is shown
    with page.expect_download() as download:
        page.locator(".practice-export").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["cards"][first]["box"] == 1
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".practice-reset").click()
    assert first not in page.evaluate("JSON.stringify(window.localStorage)")
    page.locator(".practice-import-file").set_input_files(str(saved))
    page.wait_for_function(f"JSON.stringify(window.localStorage).includes('{first}')")
    assert _current(page) != first  # learned again: not due today
    assert not page.console_errors


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_error_card_shows_its_program(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    page.locator(".practice-filter[data-filter=error]").click()
    card = page.locator(".practice-card")
    program = card.locator(".practice-code")
    assert program.count() == 1 and "import" in program.inner_text()
    assert card.locator(".practice-message").inner_text().strip()


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_error_card_offers_the_tempting_wrong_fix(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    page.locator(".practice-filter[data-filter=error]").click()
    card = page.locator(".practice-card")
    assert card.get_attribute("data-kind") == "error"
    assert card.locator(".practice-message").inner_text().strip()
    _answer(page, False)
    result = page.locator(".practice-result")
    tempting = result.locator(".practice-tempting")
    assert tempting.count() == 1 and tempting.inner_text().strip()


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_section_can_be_drilled(page, site_dir: Path, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    page.locator(".practice-section").select_option("hooks")
    hooks = {c["id"] for c in _cards(site_dir, edition) if c["section"] == "hooks"}
    for _ in range(3):
        assert _current(page) in hooks
        _answer(page, True)
        page.locator(".practice-next").click()
    label = page.locator(".practice-section option[value=hooks]").inner_text()
    assert label and label != "hooks"  # the section's title, in the edition's language


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_kind_and_a_section_never_combine_into_no_cards(
    page, site_dir: Path, edition: str
) -> None:
    _open(page, f"/{edition}interview/self-test/")
    page.locator(".practice-section").select_option("hooks")
    page.locator(".practice-filter[data-filter=error]").click()  # no error card is in hooks
    assert page.locator(".practice-section").input_value() == ""
    assert page.locator(".practice-section option[value=hooks]").is_disabled()
    assert page.locator(".practice-card").count() == 1
    sections = {c["section"] for c in _cards(site_dir, edition) if c["kind"] == "error"}
    enabled = page.locator(".practice-section option:not([disabled])").evaluate_all(
        "o => o.map(e => e.value).filter(Boolean)"
    )
    assert set(enabled) == sections
    page.locator(".practice-filter[data-filter=all]").click()
    assert page.locator(".practice-section option[value=hooks]").is_enabled()


@pytest.mark.parametrize("edition", EDITIONS)
def test_learned_cards_stay_learned_when_they_come_due(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    first = _current(page)
    _answer(page, True)
    key = f"autograd-field-guide:practice:{_edition_language(edition)}"
    page.evaluate(  # two days later: the card is due for review again
        """key => { const s = JSON.parse(localStorage.getItem(key));
          for (const id in s.cards) s.cards[id].due -= 2 * 86400000;
          localStorage.setItem(key, JSON.stringify(s)); }""",
        key,
    )
    page.reload()
    page.locator(".practice-card").wait_for()
    assert _current(page) == first  # due first
    progress = page.locator(".practice-progress").inner_text()
    learned = r"已掌握 1 / \d+ · 待复习 1" if edition else r"\b1 of \d+ learned · 1 due now"
    assert re.search(learned, progress), progress


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_error_card_carries_its_program(site_dir: Path, edition: str) -> None:
    errors = [c for c in _cards(site_dir, edition) if c["kind"] == "error"]
    assert errors and all("highlight" in c["codeHtml"] for c in errors)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_predict_card_answered_in_own_words(page, edition: str) -> None:
    _open(page, f"/{edition}interview/self-test/")
    page.locator(".practice-filter[data-filter=predict]").click()
    right = page.locator(".practice-choice[data-correct=true] pre").inner_text()
    page.locator(".practice-own-toggle").click()
    box = page.locator(".practice-own")
    assert page.evaluate("document.activeElement.classList.contains('practice-own')")
    box.fill("  " + right.replace("\n", "\n  ") + "\n")
    page.locator(".practice-check").click()
    assert "is-right" in (page.locator(".practice-result").get_attribute("class") or "")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_anki_deck_downloads_with_every_card(
    page, site_dir: Path, edition: str, tmp_path: Path
) -> None:
    _open(page, f"/{edition}interview/self-test/")
    with page.expect_download() as download:
        page.locator(".practice-anki").click()
    path = tmp_path / "deck.apkg"
    download.value.save_as(path)
    with zipfile.ZipFile(path) as archive:
        archive.extract("collection.anki2", tmp_path)
    db = sqlite3.connect(tmp_path / "collection.anki2")
    notes = [row[0] for row in db.execute("select flds from notes")]
    db.close()
    cards = _cards(site_dir, edition)
    assert len(notes) == len(cards)
    predict = next(c for c in cards if c["kind"] == "predict")
    assert any(html.escape(predict["shown"].splitlines()[0], quote=False) in n for n in notes)


def _edition_language(edition: str) -> str:
    return "zh" if edition else "en"


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_error_cards_wrong_choices_are_its_own(site_dir: Path, edition: str) -> None:
    """No wrong choice of any card is the answer of a card: it cannot be eliminated by
    recognising another card's fix."""
    cards = _cards(site_dir, edition)

    def text(choice: dict) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", "", choice["html"])).split())

    answers = {text(c) for card in cards for c in card["choices"] if c["correct"]}
    for card in cards:
        wrong = [text(c) for c in card["choices"] if not c["correct"]]
        assert not set(wrong) & answers, card["id"]
        if card["kind"] == "error":
            assert len(wrong) == 2 and len(set(wrong)) == 2, card["id"]


PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_self_test_fits_a_phone_and_opens_at_its_top(page, edition: str) -> None:
    page.set_viewport_size(PHONE)
    _open(page, f"/{edition}interview/self-test/")
    assert page.evaluate("window.scrollY") == 0  # nothing scrolled the page on arrival
    width = "document.documentElement.scrollWidth"
    assert page.evaluate(width) <= PHONE["width"]
    select = page.locator(".practice-section").bounding_box()
    assert select and select["x"] + select["width"] <= PHONE["width"]
    label = page.locator(".practice-section-label > span").bounding_box()
    assert label and label["height"] < 30  # the label on one line, not a character a line
    page.locator(".practice-section").select_option(index=2)
    _answer(page, False)
    assert page.evaluate(width) <= PHONE["width"]  # long outputs scroll inside their block
    page.goto(f"/{edition}interview/mock-interview/")
    page.locator(".practice-start").click()
    assert page.evaluate(width) <= PHONE["width"]


# The contrast of every piece of text and every control inside the practice app, against the
# background it is painted on (text colours with alpha blended over it), as WCAG computes it.
CONTRAST = """
root => {
  const parse = c => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) =>
    [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const background = e => {
    const layers = [];
    for (let n = e; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let base = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    return base;
  };
  const linear = v => (v /= 255) <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  const luminance = c => 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
  const found = [];
  for (const e of root.querySelectorAll("*")) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    const control = /^(BUTTON|SELECT|TEXTAREA)$/.test(e.tagName);
    if (!own && !control && !e.classList.contains("md-button")) continue;
    if (e.disabled || !e.getClientRects().length) continue;
    if (getComputedStyle(e).visibility === "hidden") continue;
    const bg = background(e);
    const fg = over(parse(getComputedStyle(e).color), bg);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    found.push({
      ratio: (hi + 0.05) / (lo + 0.05),
      text: (e.textContent || e.value || "").trim().slice(0, 40),
      tag: e.tagName + "." + Array.from(e.classList).join("."),
      fg: fg.slice(0, 3).join(","), bg: bg.slice(0, 3).join(","),
    });
  }
  return found;
}
"""


def _low_contrast(page) -> list[dict]:
    """The pieces of text under 4.5:1, measured at rest: no pointer over a button, and no
    colour caught halfway through the theme's transitions."""
    page.mouse.move(0, 0)
    page.add_style_tag(content="* { transition: none !important; }")
    found = page.locator("#practice-app").evaluate(CONTRAST)
    assert len(found) >= 4
    return [f for f in found if f["ratio"] < 4.5]


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_practice_pages_keep_their_contrast(page, edition: str, scheme: str) -> None:
    page.emulate_media(color_scheme="dark" if scheme == "slate" else "light")
    _open(page, f"/{edition}interview/self-test/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == scheme
    assert _low_contrast(page) == []  # filters, progress, the card, its choices, the tools
    page.locator(".practice-filter[data-filter=error]").click()
    _answer(page, False)  # the verdict, the tempting wrong fix, the message
    assert _low_contrast(page) == []
    page.locator(".practice-next").click()
    _answer(page, True)
    assert _low_contrast(page) == []
    page.goto(f"/{edition}interview/mock-interview/")
    page.locator(".practice-start").click()
    page.locator(".mock-timer").evaluate("t => t.classList.add('is-over')")  # as past zero
    assert _low_contrast(page) == []
    while page.locator(".mock-follow-up").count():
        page.locator(".mock-follow-up").click()
    page.locator(".mock-compare").click()
    page.locator(".mock-save").click()  # the rating form, the model answers, the history
    assert _low_contrast(page) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_anki_decks_code_reads_in_night_mode(
    page, site_dir: Path, edition: str, tmp_path: Path
) -> None:
    """A card of the downloaded deck as Anki's night mode shows it (``.nightMode`` on the
    card): every piece of text at 4.5:1 or more, the code on a dark background."""
    deck = (
        site_dir
        / edition
        / "interview/self-test"
        / f"autograd-field-guide-{_edition_language(edition)}.apkg"
    )
    with zipfile.ZipFile(deck) as archive:
        archive.extract("collection.anki2", tmp_path)
    db = sqlite3.connect(tmp_path / "collection.anki2")
    (models,) = db.execute("select models from col").fetchone()
    fronts = [row[0].split("\x1f")[0] for row in db.execute("select flds from notes")]
    db.close()
    (css,) = [m["css"] for m in json.loads(models).values()]
    for mode in ("card", "card nightMode night_mode"):
        for front in (fronts[0], fronts[-1]):  # a predict card and an error card
            body = f'<body class="{mode}"><div id="practice-app">{front}</div></body>'
            page.set_content(f"<style>{css}</style>{body}")
            found = page.locator("#practice-app").evaluate(CONTRAST)
            assert found and [f for f in found if f["ratio"] < 4.5] == [], mode
            if "night" in mode:
                dark = page.locator("pre").first.evaluate(
                    "p => getComputedStyle(p).backgroundColor"
                )
                assert sum(int(v) for v in re.findall(r"\d+", dark)[:3]) < 200, dark


def _chains(page) -> dict[str, list[str]]:
    return page.evaluate(
        """() => Object.fromEntries(Array.from(document.querySelectorAll(
          '.mock-question[data-kind=main]')).map(q => [q.dataset.id, Array.from(
          q.querySelectorAll('.mock-follow-up-prompt')).map(p => p.dataset.id)]))"""
    )


def _finish_interview(page) -> str:
    main = page.locator(".mock-step").first.get_attribute("data-id")
    while page.locator(".mock-follow-up").count():
        page.locator(".mock-follow-up").click()
    page.locator(".mock-compare").click()
    return main or ""


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_mock_interview_by_keyboard(page, edition: str) -> None:
    from fieldguide.practice.answers import chains

    page.goto(f"/{edition}interview/mock-interview/")
    found = chains(ROOT / "docs", _edition_language(edition))
    chained = _chains(page)
    assert len(chained) == len(found) >= 20  # counted from the interview pages
    assert chained == {c.main.anchor: [t.anchor for _, t in c.steps] for c in found}
    page.locator(".practice-start").focus()
    page.keyboard.press("Enter")
    step = page.locator(".mock-step").first
    main = step.get_attribute("data-id")
    assert main in chained
    assert step.locator(".mock-prompt").inner_text().strip()
    timer = step.locator(".mock-timer")
    assert "1:30" in timer.inner_text()
    page.wait_for_function("document.querySelector('.mock-timer').textContent.indexOf('1:30') < 0")
    assert re.search(r"1:2\d", timer.inner_text())
    for n, expected in enumerate(chained[main], 1):  # its own follow-ups, in their order
        page.keyboard.press("Tab")  # from the step's heading to its button
        assert page.evaluate("document.activeElement.classList.contains('mock-follow-up')")
        page.keyboard.press("Enter")
        follow = page.locator(".mock-step").nth(n)
        assert follow.get_attribute("data-id") == expected
        asked = page.locator(
            f".mock-question[data-id='{main}'] .mock-follow-up-prompt[data-id='{expected}']"
        ).evaluate("p => p.textContent.trim()")
        assert follow.locator(".mock-prompt").inner_text().strip() == asked
        # the step before is finished: no live button, the time it took instead
        done = page.locator(".mock-step").nth(n - 1)
        assert done.locator("button").count() == 0 and re.search(r"\d:\d\d", done.inner_text())
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('mock-compare')")
    page.keyboard.press("Enter")
    models = page.locator(".mock-model")
    ids = [models.nth(i).get_attribute("data-id") for i in range(models.count())]
    assert ids == [main, *chained[main]]
    for i in range(models.count()):
        answer = models.nth(i).locator(".mock-answer")
        assert len(answer.inner_text()) > 300
        assert answer.locator("a.mock-source").count() == 1
    assert page.evaluate("document.activeElement.classList.contains('mock-models-title')")
    # the self-rating and the notes, by keyboard, kept with the interview in the history
    page.locator("#mock-rating-1").focus()
    page.keyboard.press("ArrowRight")  # a radio group: the arrow picks the next rating
    assert page.locator("#mock-rating-2").is_checked()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "mock-notes"
    page.keyboard.type("Forgot the version counter.")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.locator(".mock-saved").inner_text().strip()
    rating = page.locator("label[for=mock-rating-2]").inner_text()
    page.reload()
    item = page.locator(".mock-history-item").first
    assert item.get_attribute("data-id") == main
    assert "Forgot the version counter." in item.inner_text() and rating in item.inner_text()
    assert not page.console_errors


@pytest.mark.parametrize("edition", EDITIONS)
def test_another_mock_interview_asks_another_main_question(page, edition: str) -> None:
    page.goto(f"/{edition}interview/mock-interview/")
    page.locator(".practice-start").click()
    asked = [_finish_interview(page)]
    for _ in range(4):
        page.locator(".mock-again").click()
        asked.append(_finish_interview(page))
    assert len(set(asked)) == len(asked)  # never one of the last ten
    page.reload()  # the history remembers them across visits
    assert page.locator(".mock-history-item").count() == len(asked)
    page.locator(".practice-start").click()
    assert _finish_interview(page) not in asked
