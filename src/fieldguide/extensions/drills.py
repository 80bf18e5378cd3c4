"""Markdown extension: the list of drills, read from the drills' own metadata.

A line ``<!-- drills: en -->`` (or ``zh``) alone on a page is replaced by the drills of
``drills/``, one table per part of the site, in the order ``make drill`` runs them: each drill's
title, its name (for ``make drill NAME=…``), its level, and a link to the section of the page that
explains it, titled as that section's heading reads in the page's edition. Nothing is copied by
hand, so the page always lists the drills that exist. Without the extension the marker is an
HTML comment and shows nothing.

Loaded by name in ``mkdocs.yml`` (``fieldguide.extensions.drills``). The drills are read
through ``drills/run.py`` (loaded from its file, so the repository needs no path setting).
"""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import markdown
from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

ROOT = Path(__file__).resolve().parents[3]  # the repository (src/fieldguide/extensions/..)
MARKER = re.compile(r"^\s*<!--\s*drills:\s*(en|zh)\s*-->\s*$")
HEADING = re.compile(r"^#{1,6}\s+\S")
TEXTS = {
    "en": {
        "count": "{total} drills: {easy} easy, {medium} medium, {hard} hard.",
        "head": "| Drill | Name | Level | Explained in |",
    },
    "zh": {
        "count": "共 {total} 个练习：入门 {easy} 个，进阶 {medium} 个，挑战 {hard} 个。",
        "head": "| 练习 | 名称 | 难度 | 讲解 |",
    },
}


@cache
def runner(root: Path = ROOT) -> ModuleType:
    """``drills/run.py`` as a module (it imports only the standard library and yaml)."""
    spec = importlib.util.spec_from_file_location("drills_runner", root / "drills" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def heading_titles(page: Path) -> dict[str, str]:
    """Each heading's id on ``page`` and its text, as MkDocs renders them."""
    lines = page.read_text(encoding="utf-8").splitlines()
    fence = False
    headings = []
    for line in lines:
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence and HEADING.match(line):
            headings.append(line)
    rendered = markdown.markdown("\n\n".join(headings), extensions=["toc", "attr_list"])
    found = re.findall(r'<h([1-6]) id="([^"]+)">(.*?)</h\1>', rendered)
    return {hid: html.unescape(re.sub(r"<[^>]+>", "", text)).strip() for _, hid, text in found}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def drill_list(lang: str, root: Path = ROOT) -> list[str]:
    """The Markdown that replaces the marker: a count, then a table per section."""
    run = runner(root)
    drills = run.discover(root / "drills")
    zh = lang == "zh"
    counts = {level: sum(d.level == level for d in drills) for level in run.LEVELS}
    lines = [TEXTS[lang]["count"].format(total=len(drills), **counts), ""]
    for section, names in run.SECTIONS.items():
        chosen = [d for d in drills if d.section == section]
        if not chosen:
            continue
        lines += [f"### {names[zh]} {{ #drills-{section} }}", "", TEXTS[lang]["head"]]
        lines.append("| --- | --- | --- | --- |")
        for drill in chosen:
            page, _, anchor = str(drill.meta["page"]).partition("#")
            source = root / "docs" / (page.removesuffix(".md") + (".zh.md" if zh else ".md"))
            where = heading_titles(source).get(anchor, anchor)
            link = f"[{_cell(where)}](../{page}#{anchor})"
            title = _cell(drill.text("title", lang))
            level = run.LEVELS[drill.level][zh]
            lines.append(f"| {title} | `{drill.name}` | {level} | {link} |")
        lines.append("")
    return lines


class _DrillList(Preprocessor):  # type: ignore[misc]  # markdown has no type hints
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        for line in lines:
            match = MARKER.match(line)
            out += drill_list(match[1]) if match else [line]
        return out


class DrillsMarkdown(Extension):  # type: ignore[misc]
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - the Markdown API's name
        # before the HTML block preprocessor (priority 20), which would stash the marker away
        md.preprocessors.register(_DrillList(md), "drills_markdown", 25)


def makeExtension(**kwargs: Any) -> DrillsMarkdown:  # noqa: N802 - the Markdown API's name
    return DrillsMarkdown(**kwargs)
