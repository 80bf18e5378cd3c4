"""Notebook pages and translations, defined once: which cells are code, which page translates
which, how an executed notebook is normalized, and the executed copy a site renders.

A notebook page (``docs/**/name.ipynb``) runs like a snippet. Its translation
(``name.zh.ipynb``) has the same code cells and shares the original's run: it is rendered with
the original's outputs copied into its own cells. The same suffix convention pairs translated
Markdown pages (``name.zh.md`` beside ``name.md``).
"""

from __future__ import annotations

import hashlib
import json
import tokenize
from pathlib import Path
from typing import Any

from fieldguide.engine.normalize import normalize

TRANSLATION = ".zh"  # the suffix before the extension that marks a page of the other edition


def code_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The code cells of a parsed notebook, in order."""
    return [cell for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"]


def code_of(text: str) -> list[str]:
    """The source of each code cell of a notebook's JSON text."""
    return ["".join(cell["source"]) for cell in code_cells(json.loads(text))]


def python_source(path: Path) -> str:
    """The Python code of a script (in the encoding Python reads it in: a ``coding:`` line, a
    byte-order mark, or UTF-8), or of a notebook's code cells, without magics."""
    if path.suffix != ".ipynb":
        with tokenize.open(path) as script:
            return script.read()
    text = path.read_text(encoding="utf-8")
    lines = [line for cell in code_of(text) for line in cell.splitlines()]
    return "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))


def translation_of(original: Path) -> Path:
    """The page of the other edition that translates ``original``: ``a/b.md`` -> ``a/b.zh.md``."""
    return original.with_name(f"{original.stem}{TRANSLATION}{original.suffix}")


def is_translation(path: Path | str) -> bool:
    return Path(path).stem.endswith(TRANSLATION)


def untranslated(root: Path, rel: str) -> str:
    """The page a translation stands for: ``docs/a/nb.zh.ipynb`` -> ``docs/a/nb.ipynb`` if that
    exists under ``root``; any other path is returned unchanged."""
    path = Path(rel)
    if is_translation(path):
        original = path.with_name(path.stem.removesuffix(TRANSLATION) + path.suffix)
        if (root / original).is_file():
            return str(original)
    return rel


def normalize_executed(text: str, root: Path) -> str:
    """Normalize the text outputs of an executed notebook (images are left byte for byte)."""
    notebook = json.loads(text)
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = normalize("".join(output["text"]), root)
            data = output.get("data", {})
            if "text/plain" in data:
                data["text/plain"] = normalize("".join(data["text/plain"]), root)
            if "traceback" in output:
                output["traceback"] = [normalize(line, root) for line in output["traceback"]]
        cell.get("metadata", {}).pop("execution", None)  # timestamps
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False)


def with_outputs(notebook: str, executed: str) -> str:
    """``notebook`` with the outputs of ``executed`` copied into its code cells, in order."""
    mine, ran = json.loads(notebook), json.loads(executed)
    for cell, source in zip(code_cells(mine), code_cells(ran), strict=False):
        cell["outputs"] = source.get("outputs", [])
        cell["execution_count"] = source.get("execution_count")
    return json.dumps(mine, indent=1, sort_keys=True, ensure_ascii=False)


def executed_copy(page: Path, executed: str, original: Path, folder: Path) -> Path:
    """A file under ``folder`` holding notebook ``page`` with its real outputs (``executed``, the
    run of ``original``), named like the page so that its download keeps the name."""
    text = executed
    if page.resolve() != original.resolve():
        text = with_outputs(page.read_text(encoding="utf-8"), executed)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    copy = folder / digest / page.name
    if not copy.is_file():
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(text, encoding="utf-8")
    return copy
