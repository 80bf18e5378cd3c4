"""Which pages a ``mkdocs serve --dirty`` rebuild builds again (``make serve`` serves that way).

A dirty build builds a page again only when its own source is newer than the page it wrote
last time: an edit shows in a second or two, instead of after a build of both editions. Pages
here also show other files: a snippet's output, the self-test's cards, the reading times counted
from every page. So each hook that embeds a file names it (:func:`rebuild_if_newer`), and a page
is built again when any of them is newer than the page too. As a hook of its own, this module
adds what every page shows (``mkdocs.yml``, the theme overrides), and the Python sources a
page rendered from docstrings (``::: module``) shows.

A full build (``mkdocs build``, and the first build under serve) builds every page anyway; there
this changes nothing.
"""

from __future__ import annotations

import importlib
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

DOCSTRINGS = re.compile(r"^(#{1,6} *|)::: ?(\S+)", re.MULTILINE)  # mkdocstrings' ``::: module``


# When the build before this one started (ns): a file saved while it ran may have been read
# before the save, though the page it wrote is newer than the file. Kept in the installed module
# (``import mkdocs_rebuilds``), which every hook calls, whichever copy MkDocs loaded as a hook.
_starts: list[int] = []  # this build's start last
_depth = [0]


def rebuild_if_newer(file: File, inputs: Iterable[Path | str]) -> bool:
    """Mark page ``file`` modified if one of ``inputs`` (files it shows) is newer than the page
    last written (or than the start of the build before, if that is earlier), or is gone;
    return whether it was marked."""
    try:
        built = os.stat(file.abs_dest_path).st_mtime_ns
    except OSError:
        return False  # never written: MkDocs builds it anyway
    if len(_starts) > 1:
        built = min(built, _starts[-2])
    for path in inputs:
        try:
            newer = os.stat(path).st_mtime_ns > built
        except OSError:
            newer = True  # a file it showed is gone: the page must say so
        if newer:
            file.is_modified = lambda: True  # type: ignore[method-assign]
            return True
    return False


def on_pre_build(config: MkDocsConfig) -> None:
    shared = importlib.import_module("mkdocs_rebuilds")
    if shared._depth[0] == 0:  # the first edition's build: the others run inside it
        shared._starts[:] = [*shared._starts[-1:], time.time_ns()]
    shared._depth[0] += 1


def on_post_build(config: MkDocsConfig) -> None:
    importlib.import_module("mkdocs_rebuilds")._depth[0] -= 1


def on_build_error(error: Exception) -> None:
    importlib.import_module("mkdocs_rebuilds")._depth[0] = 0


@event_priority(-120)  # after the file list is final (mkdocs-static-i18n, the snippet hooks)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    shared = importlib.import_module("mkdocs_rebuilds")
    every = [Path(config.config_file_path)]
    if config.theme.custom_dir:
        every += [p for p in Path(config.theme.custom_dir).rglob("*") if p.is_file()]
    newest = max(every, key=lambda p: p.stat().st_mtime_ns)
    folders = _docstring_folders(config)
    for page in files.documentation_pages():
        own = [page.abs_src_path] if page.abs_src_path else []
        shown = _docstring_sources(page, folders) if folders else []
        shared.rebuild_if_newer(page, [newest, *own, *shown])
    return files


def _docstring_folders(config: MkDocsConfig) -> list[Path]:
    """Where mkdocstrings finds the modules it renders docstrings from (its handlers' ``paths``)."""
    plugin = config.plugins.get("mkdocstrings")
    if plugin is None:
        return []
    root = Path(config.config_file_path).resolve().parent
    handlers = plugin.config.get("handlers") or {}
    return [root / p for h in handlers.values() for p in (h or {}).get("paths", [])]


def _docstring_sources(page: File, folders: list[Path]) -> list[Path]:
    """The Python files of the packages a page renders docstrings from (``::: minigrad``)."""
    try:
        text = Path(page.abs_src_path or "").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    tops = {m.group(2).split(".")[0] for m in DOCSTRINGS.finditer(text)}
    found: list[Path] = []
    for folder in folders:
        for top in sorted(tops):
            found += sorted((folder / top).rglob("*.py")) + [folder / f"{top}.py"]
    return [p for p in found if p.is_file()]
