"""Check that the Chinese edition follows the English one: same pages, snippets and anchors.

For every English page ``docs/**/<name>.md`` (and notebook ``<name>.ipynb``) there must be a
``<name>.zh.md`` (``<name>.zh.ipynb``) that references exactly the same snippets (the same
reference lines, in the same order) and has the same heading ids, so links with anchors work in
both editions. Notebooks must have identical code cells (they share one execution).

``python scripts/i18n_check.py [docs/x.zh.md ...]`` checks the given pages (default: all) and
exits 1 listing every difference.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import markdown
from snippet_engine.pages import _fences

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REFERENCE = re.compile(r"^\s*\{\*.*\*\}\s*$")
HEADING = re.compile(r"^(#{1,6})\s+\S")


def english_pages() -> list[Path]:
    """Every English page and notebook under docs/."""
    found = [p for p in sorted(DOCS.rglob("*.md")) if not p.name.endswith(".zh.md")]
    found += [p for p in sorted(DOCS.rglob("*.ipynb")) if not p.name.endswith(".zh.ipynb")]
    return [p for p in found if "assets" not in p.relative_to(DOCS).parts]


def counterpart(english: Path) -> Path:
    """The Chinese file that translates ``english``."""
    return english.with_name(f"{english.stem}.zh{english.suffix}")


def _outside_fences(text: str) -> list[str]:
    inside = {i for first, last, _ in _fences(text) for i in range(first, last + 1)}
    return [line for i, line in enumerate(text.splitlines()) if i not in inside]


def snippet_references(text: str) -> list[str]:
    """The snippet reference lines of a page, stripped, in order."""
    return [line.strip() for line in _outside_fences(text) if REFERENCE.match(line)]


def heading_ids(text: str) -> list[str]:
    """The ids MkDocs gives the page's headings (explicit ``{ #id }`` or the default slug)."""
    headings = [line for line in _outside_fences(_strip_front_matter(text)) if HEADING.match(line)]
    html = markdown.markdown("\n\n".join(headings), extensions=["toc", "attr_list"])
    return re.findall(r'<h[1-6] id="([^"]+)"', html)


def _strip_front_matter(text: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end != -1:
            return text[end + 5 :]
    return text


def _notebook_code(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def differences(english: Path) -> list[str]:
    """What differs between ``english`` and its Chinese counterpart (empty if they agree)."""
    chinese = counterpart(english)
    name = chinese.relative_to(ROOT)
    if not chinese.is_file():
        return [f"{name}: missing (translates {english.relative_to(ROOT)})"]
    if english.suffix == ".ipynb":
        same = _notebook_code(english) == _notebook_code(chinese)
        return [] if same else [f"{name}: code cells differ from the English notebook"]
    en_text, zh_text = (p.read_text(encoding="utf-8") for p in (english, chinese))
    problems = []
    if snippet_references(en_text) != snippet_references(zh_text):
        problems.append(
            f"{name}: snippet references differ: English {snippet_references(en_text)}"
            f" vs Chinese {snippet_references(zh_text)}"
        )
    en_ids, zh_ids = heading_ids(en_text), heading_ids(zh_text)
    if en_ids != zh_ids:
        missing = [i for i in en_ids if i not in zh_ids]
        extra = [i for i in zh_ids if i not in en_ids]
        problems.append(
            f"{name}: heading ids differ (missing {missing}, extra {extra}"
            f"{', order differs' if not missing and not extra else ''})"
        )
    return problems


def main(argv: list[str]) -> int:
    """Check the named Chinese pages (or all); print differences; 1 if there are any."""
    if argv:
        pages = [Path(a).resolve() for a in argv]
        pages = [p.with_name(p.name.replace(".zh.", ".")) for p in pages]
    else:
        pages = english_pages()
    problems = [problem for page in pages for problem in differences(page)]
    print("\n".join(problems) or f"{len(pages)} pages agree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
