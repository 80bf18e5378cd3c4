"""Committed snapshots: each snippet's normalized output, stored beside it for review.

``snippets/<topic>/<name>.py`` has its text output in ``<name>.out`` and each figure ``fig`` in
``<name>.<fig>.svg``. Measured values are stored as ``⟪measured⟫``. A torch upgrade therefore
shows up as a reviewable diff of these files.

A result matches its snapshot when it is the same result (``compare``): text identical, printed
floats within a unit of their last digit, so a snapshot recorded on one CPU holds on another.
Rewriting keeps a committed file that still matches, so snapshots do not churn between machines.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from fieldguide.engine.compare import DEFAULT_TOLERANCE, aligned, same_result
from fieldguide.engine.normalize import for_snapshot


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


def diff(
    root: Path, rel: str, output: str, figures: dict[str, str], tolerance: int = DEFAULT_TOLERANCE
) -> str | None:
    """A unified diff between the committed snapshots and this result, or None if it is the
    same result (``compare.same_result`` under ``tolerance``). Lines that match are shown as
    committed, so the diff holds only the real changes."""
    chunks: list[str] = []
    wanted = expected_files(root, rel, figures)
    wanted[text_path(root, rel)] = for_snapshot(output)
    stale = sorted(set(existing(root, rel)) - set(wanted))
    for path in sorted(wanted) + stale:
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        new = wanted.get(path)
        if old is not None and new is not None and same_result(old, new, tolerance):
            continue
        name = str(path.relative_to(root))
        if old is None:
            chunks.append(f"--- {name} (missing: run `make snapshots` to record it)\n")
            continue
        chunks.extend(
            difflib.unified_diff(
                old.splitlines(keepends=True),
                list(aligned(old, new or "", tolerance)),
                fromfile=f"{name} (committed)",
                tofile=f"{name} (this run)",
            )
        )
    return "".join(chunks) or None


def write(
    root: Path, rel: str, output: str, figures: dict[str, str], tolerance: int = DEFAULT_TOLERANCE
) -> list[Path]:
    """Rewrite the snapshots of one snippet that are no longer the same result; return the
    files that changed."""
    wanted = expected_files(root, rel, figures)
    wanted[text_path(root, rel)] = for_snapshot(output)
    changed = []
    for path in existing(root, rel):
        if path not in wanted:
            path.unlink()
            changed.append(path)
    for path, content in wanted.items():
        if not path.is_file() or not same_result(
            path.read_text(encoding="utf-8"), content, tolerance
        ):
            path.write_text(content, encoding="utf-8")
            changed.append(path)
    return changed


def existing(root: Path, rel: str) -> list[Path]:
    """The snapshot files of snippet ``rel`` there are: its text, and a file per figure."""
    script = root / rel
    found = [script.with_suffix(".out")] if script.with_suffix(".out").is_file() else []
    # ``<stem>.<anything>.svg``, read from the folder's listing (a glob per snippet compiles a
    # pattern each time: a tenth of a second for every warm build)
    prefix, suffix = f"{script.stem}.", ".svg"
    try:
        names = os.listdir(script.parent)
    except OSError:
        names = []
    figures = [
        script.parent / name
        for name in names
        if name.startswith(prefix)
        and name.endswith(suffix)
        and len(name) >= len(prefix) + len(suffix)
    ]
    return found + sorted(figures)


def orphans(root: Path) -> list[Path]:
    """Snapshot files whose snippet (``snippets/**.py``) or notebook (``docs/**.ipynb``) is gone."""
    found = []
    for folder, suffix in (("snippets", ".py"), ("docs", ".ipynb")):
        for path in sorted((root / folder).rglob("*.out")) + sorted(
            (root / folder).rglob("*.svg") if folder == "snippets" else []
        ):
            stem = path.name.split(".")[0]
            if not (path.parent / f"{stem}{suffix}").is_file():
                found.append(path)
    return found
