"""The questions people asked (``questions/*.yml``): the data loads, every answer points at a
section that exists in both editions and runs a snippet, and the Questions pages are generated
from the data (``fieldguide.extensions.questions``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import markdown
import pytest
import yaml

from fieldguide import questions as ql
from fieldguide.extensions import questions as qm

FAMILIES = ql.load()
QUESTIONS = [q for family in FAMILIES for q in family.questions]
ANSWERED = [q for q in QUESTIONS if q.answer is not None]


def test_every_family_has_a_file_and_its_count() -> None:
    counts = {family.id: len(family.questions) for family in FAMILIES}
    assert list(counts) == list(ql.FAMILIES)
    short = {family: n for family, n in counts.items() if n < ql.MIN_PER_FAMILY}
    assert short == {}
    files = {
        path.stem: len(yaml.safe_load(path.read_text(encoding="utf-8")))
        for path in ql.QUESTIONS.glob("*.yml")
    }
    assert counts == files  # every entry of every file was loaded


def test_ids_are_unique_across_files() -> None:
    repeated = [ident for ident, n in Counter(q.id for q in QUESTIONS).items() if n > 1]
    assert repeated == []


def test_ids_do_not_collide_with_the_family_headings() -> None:
    assert not {q.id for q in QUESTIONS} & {f"family-{family}" for family in ql.FAMILIES}


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_sources_are_well_formed_urls(question: ql.Question) -> None:
    for url in question.sources:
        parts = urlsplit(url)
        assert parts.scheme in ("http", "https") and parts.hostname, url
        assert not re.search(r"\s", url), url


@pytest.mark.parametrize("question", ANSWERED, ids=lambda q: q.id)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_anchor_exists_and_its_section_runs_the_snippets(
    question: ql.Question, lang: str
) -> None:
    assert question.answer is not None
    page = ql.DOCS / question.answer.page_file(lang)
    located = ql.section(page, question.answer.anchor)
    assert located is not None, f"no heading #{question.answer.anchor} in {page}"
    ran = ql.executed_snippets(located[1])
    assert ran, f"{page}#{question.answer.anchor} runs no snippet"
    assert set(question.answer.snippets) <= set(ran)


def test_the_data_has_no_problems() -> None:
    assert ql.problems(FAMILIES) == []


@pytest.mark.parametrize("question", ANSWERED, ids=lambda q: q.id)
def test_answers_are_two_to_five_sentences(question: ql.Question) -> None:
    assert question.answer is not None
    english = re.sub(r"`[^`]*`", "code", question.answer.en)
    sentences = re.findall(r"[.!?](?:\s|$)", english)
    assert 2 <= len(sentences) <= 5, question.answer.en
    chinese = re.sub(r"`[^`]*`", "code", question.answer.zh)
    assert 2 <= len(re.findall(r"[。！？]", chinese)) <= 5, question.answer.zh


# --- the loader's errors name the file and the entry ------------------------------------------


def write_family(tmp_path: Path, entries: list[dict[str, object]]) -> Path:
    """A questions folder in ``tmp_path`` where every family but ``recording`` holds one
    valid entry, and ``recording`` holds ``entries``; a docs/ with one page."""
    folder = tmp_path / "questions"
    folder.mkdir()
    docs = tmp_path / "docs"
    (docs / "graph").mkdir(parents=True)
    (docs / "graph" / "page.md").write_text("# Page\n\n## Part\n", encoding="utf-8")
    (docs / "graph" / "page.zh.md").write_text("# 页 { #page }\n\n## 部分 { #part }\n", "utf-8")
    (tmp_path / "snippets" / "graph").mkdir(parents=True)
    (tmp_path / "snippets" / "graph" / "a.py").write_text("print(1)\n", encoding="utf-8")
    for n, family in enumerate(ql.FAMILIES):
        if family == "recording":
            body = entries
        else:
            body = [{"id": f"q{n}", "question": "Why?", "sources": ["https://example.org/t"]}]
        (folder / f"{family}.yml").write_text(yaml.safe_dump(body), encoding="utf-8")
    return folder


GOOD = {
    "id": "a-question",
    "question": "Why?",
    "sources": ["https://github.com/pytorch/pytorch/issues/1"],
    "answer_en": "Because. It is so.",
    "answer_zh": "因为。就是这样。",
    "page": "graph/page.md",
    "anchor": "part",
    "snippets": ["snippets/graph/a.py"],
}


def load_with(tmp_path: Path, **changes: object) -> list[ql.Family]:
    entry = {k: v for k, v in {**GOOD, **changes}.items() if v is not None}
    folder = write_family(
        tmp_path, [{"id": "first", "question": "Q?", "sources": ["https://example.org/a"]}, entry]
    )
    return ql.load(folder, tmp_path / "docs")


def test_a_family_loads_alone_without_reading_the_others(tmp_path: Path) -> None:
    folder = write_family(tmp_path, [GOOD])
    (folder / "hooks.yml").write_text("- [not, valid: yaml\n", encoding="utf-8")
    docs = tmp_path / "docs"
    alone = ql.load(folder, docs, only="recording")
    assert [(f.id, [q.id for q in f.questions]) for f in alone] == [("recording", ["a-question"])]
    with pytest.raises(ql.QuestionsError, match="questions/hooks.yml: not valid YAML"):
        ql.load(folder, docs)  # all of them, as the Questions index page reads them


def test_a_valid_folder_loads(tmp_path: Path) -> None:
    families = load_with(tmp_path)
    recording = families[0]
    assert [q.id for q in recording.questions] == ["first", "a-question"]
    answer = recording.questions[1].answer
    assert answer is not None and answer.page_file("zh") == "graph/page.zh.md"
    assert recording.questions[0].answer is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"id": "Not_Kebab"}, "id 'Not_Kebab' is not kebab-case"),
        ({"id": "first"}, "id already used by questions/recording.yml, entry 1"),
        ({"sources": ["github.com/x"]}, "source 'github.com/x' is not a well-formed http(s) URL"),
        ({"sources": []}, "sources must be a non-empty list of URLs"),
        ({"question": None}, "missing field(s) question"),
        ({"colour": "red"}, "unknown field(s) colour"),
        ({"anchor": None}, "an answer needs all of its fields; missing anchor"),
        ({"page": "graph/none.md"}, "page docs/graph/none.md does not exist"),
        ({"page": "graph/page.zh.md"}, "must be an English page"),
        ({"snippets": ["snippets/graph/b.py"]}, "snippet snippets/graph/b.py does not exist"),
        ({"snippets": []}, "snippets must be a non-empty list"),
        ({"answer_en": ""}, "answer_en must be a non-empty string"),
    ],
)
def test_errors_name_the_file_and_the_entry(
    tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ql.QuestionsError) as caught:
        load_with(tmp_path, **changes)
    text = str(caught.value)
    assert text.startswith("questions/recording.yml, entry 2")
    assert message in text


def test_a_missing_family_file_is_named(tmp_path: Path) -> None:
    folder = write_family(tmp_path, [GOOD])
    (folder / "numerics.yml").unlink()
    with pytest.raises(ql.QuestionsError, match=r"questions/numerics.yml: missing"):
        ql.load(folder, tmp_path / "docs")


def test_an_unknown_family_file_is_named(tmp_path: Path) -> None:
    folder = write_family(tmp_path, [GOOD])
    (folder / "misc.yml").write_text("[]\n", encoding="utf-8")
    with pytest.raises(ql.QuestionsError, match=r"questions/misc.yml: not a known family"):
        ql.load(folder, tmp_path / "docs")


def test_problems_name_small_families_and_sections_without_evidence(tmp_path: Path) -> None:
    families = load_with(tmp_path)
    found = ql.problems(families, tmp_path / "docs")
    assert "family recording: 2 questions, fewer than 8" in found
    where = "questions/recording.yml, entry 2 (a-question)"
    assert f"{where}: docs/graph/page.md#part runs no snippet" in found
    assert f"{where}: docs/graph/page.zh.md#part does not run snippets/graph/a.py" in found


def test_problems_name_a_missing_anchor(tmp_path: Path) -> None:
    families = load_with(tmp_path, anchor="elsewhere")
    found = ql.problems(families, tmp_path / "docs")
    assert (
        "questions/recording.yml, entry 2 (a-question): no heading #elsewhere in "
        "docs/graph/page.zh.md" in found
    )


# --- heading ids and sections -----------------------------------------------------------------


def test_heading_ids_follow_the_toc_extension() -> None:
    text = (
        "# Title\n\n## Why `x` fails\n\n```python\n# not a heading\n```\n\n"
        "## Why `x` fails\n\n## 原因 { #cause }\n"
    )
    assert [(h.level, h.id, h.title) for h in ql.headings(text)] == [
        (1, "title", "Title"),
        (2, "why-x-fails", "Why `x` fails"),
        (2, "why-x-fails_1", "Why `x` fails"),
        (2, "cause", "原因"),
    ]


def test_a_section_runs_to_the_next_heading_of_its_level(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text(
        "# T\n\n## A\n\n{* snippets/a/source.py show=source *}\n\n### A.1\n\n"
        "{* snippets/a/one.py *}\n\n## B\n\n{* snippets/a/two.py show=message *}\n",
        encoding="utf-8",
    )
    located = ql.section(page, "a")
    assert located is not None
    assert ql.executed_snippets(located[1]) == ["snippets/a/one.py"]
    located = ql.section(page, "b")
    assert located is not None and ql.executed_snippets(located[1]) == ["snippets/a/two.py"]
    assert ql.section(page, "c") is None


# --- the Markdown extension -------------------------------------------------------------------


def convert(text: str, **config: object) -> str:
    md = markdown.Markdown(
        extensions=["attr_list", "toc", "tables", "fieldguide.extensions.questions"],
        extension_configs={"fieldguide.extensions.questions": config},
    )
    return str(md.convert(text))


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_question_gets_its_heading_answer_and_link(family: ql.Family, lang: str) -> None:
    html = convert(f"# Q\n\n<!-- questions family={family.id} lang={lang} -->\n")
    ids = re.findall(r'<h2 id="([^"]+)"', html)
    assert ids == [q.id for q in family.questions]
    for q in family.answered:
        assert q.answer is not None
        assert f'href="../{q.answer.page}#{q.answer.anchor}"' in html
    for q in family.questions:
        for url in q.sources:
            assert f'href="{url}"' in html
    assert "<!--" not in html
    # no stray emphasis: a question's own characters stay literal
    assert "<em>" not in html.replace("<em>" + qm.WORDS[lang]["unanswered"] + "</em>", "")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_unanswered_question_says_so_and_keeps_its_links(lang: str) -> None:
    # the data may hold no unanswered question at all; the rendering still has to work
    q = ql.Question(
        id="an-open-question",
        family="recording",
        question="Why `x*y`?",
        sources=("https://example.org/t",),
        answer=None,
        file="questions/recording.yml",
        index=1,
    )
    html = markdown.markdown(qm.render_question(q, lang, 2, "../", qm._Pages(ql.DOCS)))
    assert f"<em>{qm.WORDS[lang]['unanswered']}</em>" in html
    assert 'href="https://example.org/t"' in html and "<code>x*y</code>" in html


def test_the_language_comes_from_the_configuration_or_the_marker() -> None:
    family = next(f for f in FAMILIES if f.answered)
    q = family.answered[0]
    assert q.answer is not None
    english = convert(f"<!-- questions family={family.id} -->\n")
    chinese = convert(f"<!-- questions family={family.id} -->\n", lang="zh")
    marked = convert(f"<!-- questions family={family.id} lang=zh -->\n")
    assert markdown.markdown(q.answer.en).removeprefix("<p>")[:30] in english
    assert "运行结果见" in chinese and "Shown on" not in chinese
    assert chinese == marked


def test_all_families_on_one_page() -> None:
    html = convert("<!-- questions family=all -->\n")
    assert re.findall(r'<h2 id="(family-[^"]+)"', html) == [f"family-{f}" for f in ql.FAMILIES]
    assert len(re.findall(r"<h3 id=", html)) == len(QUESTIONS)


def test_the_family_table_counts_from_the_data() -> None:
    html = convert("<!-- questions families lang=zh -->\n")
    for family in FAMILIES:
        row = re.search(rf'<a href="{family.id}.md">[^<]*</a></td>\s*<td[^>]*>(\d+)</td>', html)
        assert row is not None and int(row.group(1)) == len(family.questions)
    assert f"<strong>{len(QUESTIONS)}</strong>" in html


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        ("<!-- questions family=nope -->", "no family 'nope'"),
        ("<!-- questions -->", "names no family"),
        ("<!-- questions family=all colour=red -->", "unknown option"),
        ("<!-- questions family=all lang=fr -->", "lang='fr' must be one of"),
    ],
)
def test_a_bad_marker_fails_loudly(marker: str, message: str) -> None:
    with pytest.raises(qm.QuestionsMarkerError, match=message):
        convert(marker + "\n")


def test_text_without_a_marker_is_untouched() -> None:
    text = "# T\n\n<!-- a comment -->\n\nText.\n"
    assert convert(text) == markdown.markdown(text, extensions=["attr_list", "toc", "tables"])


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        ("sqrt(gx**2 + gy**2)", "sqrt(gx**2 + gy**2)"),
        ("a_b_c [x] {y} <z>", "a_b_c [x] {y} &lt;z&gt;"),
        ("keep `a*b*c` code", "keep <code>a*b*c</code> code"),
    ],
)
def test_questions_are_escaped(text: str, literal: str) -> None:
    assert markdown.markdown(qm.escape(text)) == f"<p>{literal}</p>"


@pytest.mark.parametrize(
    ("url", "label"),
    [
        ("https://github.com/pytorch/pytorch/issues/12345", "pytorch/pytorch#12345"),
        ("https://github.com/jax-ml/jax/discussions/9", "jax-ml/jax#9"),
        ("https://discuss.pytorch.org/t/some-thread/1", "PyTorch Forums"),
        ("https://www.example.org/x", "example.org"),
    ],
)
def test_source_labels(url: str, label: str) -> None:
    assert qm.source_label(url) == label


# --- the pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("family", list(ql.FAMILIES))
@pytest.mark.parametrize(("suffix", "marker"), [(".md", ""), (".zh.md", " lang=zh")])
def test_each_family_has_a_page_in_both_editions(family: str, suffix: str, marker: str) -> None:
    page = ql.DOCS / "questions" / f"{family}{suffix}"
    assert f"<!-- questions family={family}{marker} -->" in page.read_text(encoding="utf-8")


def test_the_pages_are_in_the_navigation() -> None:
    config = (ql.ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in ["index", *ql.FAMILIES]:
        assert re.search(rf"^\s+- (?:.+: )?questions/{page}\.md$", config, re.M), page
    for title_en, title_zh in ql.FAMILIES.values():
        assert f'"{title_en}": {title_zh}\n' in config  # the Chinese navigation's title
