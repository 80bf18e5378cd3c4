"""Check that the Chinese edition follows the English one: same pages, snippets and anchors.

For every English page ``docs/**/<name>.md`` (and notebook ``<name>.ipynb``) there must be a
``<name>.zh.md`` (``<name>.zh.ipynb``) that references exactly the same snippets, shown the same
way (the same snippet, ``show``, ``region``, highlighted lines and ``repeat``, in the same order;
only a ``title`` may be translated), and has the same heading ids, so links with anchors work in
both editions. Notebooks must have identical code cells (they share one execution). Chinese
prose (outside code) must use the glossary's terms: ``glossary.yml`` lists, per term, the Chinese
rendering the edition uses and the variants it must not (``forbidden``, regular expressions).

``python -m fieldguide.i18n_check [docs/x.zh.md ...]`` checks the given pages (default: all) and
exits 1 listing every difference.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import markdown
import yaml

from fieldguide.engine.notebooks import code_of, is_translation, translation_of
from fieldguide.engine.pages import Reference, fenced_lines, scan

ROOT = Path(__file__).resolve().parents[2]  # the repository (src/fieldguide/../..)
DOCS = ROOT / "docs"
HEADING = re.compile(r"^(#{1,6})\s+\S")
GLOSSARY = ROOT / "glossary.yml"
INLINE_CODE = re.compile(r"(`+).+?\1")
# A section's hidden index terms hold the words readers search with, variants included.
INDEX_TERMS = re.compile(r'^\s*<p class="search-terms" hidden>')


def forbidden_terms(glossary: Path = GLOSSARY) -> list[tuple[re.Pattern[str], str]]:
    """(pattern, what to write instead) for every variant the glossary rules out."""
    if not glossary.is_file():
        return []
    entries = yaml.safe_load(glossary.read_text(encoding="utf-8")) or []
    return [
        (re.compile(pattern), f"{entry['en']} is {entry['zh']}")
        for entry in entries
        for pattern in entry.get("forbidden") or []
    ]


def term_problems(name: Path, text: str, terms: list[tuple[re.Pattern[str], str]]) -> list[str]:
    """Where a Chinese page uses a variant the glossary rules out (code is not prose, nor
    are a section's index terms, which list the variants readers search with)."""
    inside = fenced_lines(text)
    problems = []
    for number, line in enumerate(text.splitlines()):
        if number in inside or line.lstrip().startswith("{*") or INDEX_TERMS.match(line):
            continue
        prose = INLINE_CODE.sub("", line)
        problems += [
            f"{name}:{number + 1}: {match.group()!r}: the glossary says {rule}"
            for pattern, rule in terms
            for match in pattern.finditer(prose)
        ]
    return problems


def english_pages(docs: Path = DOCS) -> list[Path]:
    """Every English page and notebook under ``docs``."""
    found = [p for p in sorted(docs.rglob("*.md")) if not is_translation(p)]
    found += [p for p in sorted(docs.rglob("*.ipynb")) if not is_translation(p)]
    return [p for p in found if "assets" not in p.relative_to(docs).parts]


def counterpart(english: Path) -> Path:
    """The Chinese file that translates ``english``."""
    return translation_of(english)


def _shown(ref: Reference) -> str:
    """A reference as both editions must write it: every option but its title."""
    options = [f"show={ref.show}"]
    options += [f"region={ref.region}"] if ref.region else []
    options += [f'hl="{ref.hl}"'] if ref.hl else []
    options += ["repeat=yes"] if ref.repeat else []
    return " ".join([ref.snippet, *options])


def snippet_references(text: str) -> list[str]:
    """The snippet references of a page, in order, as they must agree between editions."""
    references, _ = scan("page", text)
    return [_shown(ref) for ref in references]


def heading_ids(text: str) -> list[str]:
    """The ids MkDocs gives the page's headings (explicit ``{ #id }`` or the default slug)."""
    body = _strip_front_matter(text)
    inside = fenced_lines(body)
    headings = [
        line for i, line in enumerate(body.splitlines()) if i not in inside and HEADING.match(line)
    ]
    html = markdown.markdown("\n\n".join(headings), extensions=["toc", "attr_list"])
    return re.findall(r'<h[1-6] id="([^"]+)"', html)


def _strip_front_matter(text: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end != -1:
            return text[end + 5 :]
    return text


def differences(english: Path, root: Path = ROOT, glossary: Path = GLOSSARY) -> list[str]:
    """What differs between ``english`` and its Chinese counterpart (empty if they agree)."""
    chinese = counterpart(english)
    name = chinese.relative_to(root)
    if not chinese.is_file():
        return [f"{name}: missing (translates {english.relative_to(root)})"]
    en_text, zh_text = (p.read_text(encoding="utf-8") for p in (english, chinese))
    if english.suffix == ".ipynb":
        same = code_of(en_text) == code_of(zh_text)
        return [] if same else [f"{name}: code cells differ from the English notebook"]
    problems = []
    en_refs, zh_refs = snippet_references(en_text), snippet_references(zh_text)
    if en_refs != zh_refs:
        problems.append(
            f"{name}: snippet references differ: English {en_refs} vs Chinese {zh_refs}"
        )
    en_ids, zh_ids = heading_ids(en_text), heading_ids(zh_text)
    if en_ids != zh_ids:
        missing = [i for i in en_ids if i not in zh_ids]
        extra = [i for i in zh_ids if i not in en_ids]
        order = ", order differs" if not missing and not extra else ""
        problems.append(f"{name}: heading ids differ (missing {missing}, extra {extra}{order})")
    en_terms, zh_terms = indexed_sections(en_text), indexed_sections(zh_text)
    if en_terms != zh_terms:
        problems.append(
            f"{name}: index terms under other headings: English {en_terms} vs Chinese {zh_terms}"
        )
    return problems + term_problems(name, zh_text, forbidden_terms(glossary))


def indexed_sections(text: str) -> list[str]:
    """The heading ids (``""`` for the page's title) whose section has index terms."""
    found, current = [], ""
    for line in text.splitlines():
        if re.match(r"#{1,6} ", line):
            ids = heading_ids(line)
            current = "" if line.startswith("# ") else (ids[0] if ids else "?")
        elif INDEX_TERMS.match(line):
            found.append(current)
    return found


def main(argv: list[str]) -> int:
    """Check the named Chinese pages (or all); print differences; 1 if there are any."""
    if argv:
        named = [Path(a).resolve() for a in argv]
        pages = [
            p.with_name(p.name.replace(".zh.", ".")) if is_translation(p) else p for p in named
        ]
    else:
        pages = english_pages()
    problems = [problem for page in pages for problem in differences(page)]
    print("\n".join(problems) or f"{len(pages)} pages agree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
