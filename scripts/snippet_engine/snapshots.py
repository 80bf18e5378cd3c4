"""Committed snapshots: each snippet's normalized output, stored beside it for review.

``snippets/<topic>/<name>.py`` has its text output in ``<name>.out`` and each figure ``fig`` in
``<name>.<fig>.svg``. Measured values are stored as ``⟪measured⟫``. A torch upgrade therefore
shows up as a reviewable diff of these files.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from snippet_engine.normalize import for_snapshot


def text_path(root: Path, rel: str) -> Path:
    """Where the text snapshot of snippet ``rel`` lives."""
    return (root / rel).with_suffix(".out")


def figure_path(root: Path, rel: str, figure: str) -> Path:
    """Where the snapshot of figure ``figure`` of snippet ``rel`` lives."""
    return (root / rel).with_suffix(f".{figure}.svg")


def expected_files(root: Path, rel: str, figures: dict[str, str]) -> dict[Path, str]:
    """Every snapshot file for a result, with the content it should have."""
    files = {text_path(root, rel): ""}
    files.update({figure_path(root, rel, name): svg for name, svg in figures.items()})
    return files


def diff(root: Path, rel: str, output: str, figures: dict[str, str]) -> str | None:
    """A unified diff between the committed snapshots and this result, or None if identical."""
    chunks: list[str] = []
    wanted = expected_files(root, rel, figures)
    wanted[text_path(root, rel)] = for_snapshot(output)
    stale = sorted(set(_existing(root, rel)) - set(wanted))
    for path in sorted(wanted) + stale:
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        new = wanted.get(path)
        if old == new:
            continue
        name = str(path.relative_to(root))
        if old is None:
            chunks.append(f"--- {name} (missing: run `make snapshots` to record it)\n")
            continue
        chunks.extend(difflib.unified_diff(
            old.splitlines(keepends=True), (new or "").splitlines(keepends=True),
            fromfile=f"{name} (committed)", tofile=f"{name} (this run)"))
    return "".join(chunks) or None


def write(root: Path, rel: str, output: str, figures: dict[str, str]) -> list[Path]:
    """Rewrite the snapshots of one snippet; return the files that changed."""
    wanted = expected_files(root, rel, figures)
    wanted[text_path(root, rel)] = for_snapshot(output)
    changed = []
    for path in _existing(root, rel):
        if path not in wanted:
            path.unlink()
            changed.append(path)
    for path, content in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
            changed.append(path)
    return changed


def _existing(root: Path, rel: str) -> list[Path]:
    script = root / rel
    found = [script.with_suffix(".out")] if script.with_suffix(".out").is_file() else []
    return found + sorted(script.parent.glob(f"{script.stem}.*.svg"))


def orphans(root: Path) -> list[Path]:
    """Snapshot files whose snippet (``snippets/**.py``) or notebook (``docs/**.ipynb``) is gone."""
    found = []
    for folder, suffix in (("snippets", ".py"), ("docs", ".ipynb")):
        for path in sorted((root / folder).rglob("*.out")) + sorted(
                (root / folder).rglob("*.svg") if folder == "snippets" else []):
            stem = path.name.split(".")[0]
            if not (path.parent / f"{stem}{suffix}").is_file():
                found.append(path)
    return found
