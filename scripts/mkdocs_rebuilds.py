"""Which pages a ``mkdocs serve --dirty`` rebuild builds again (``make serve`` serves that way).

A dirty build builds a page again only when its own source is newer than the page it wrote
last time: an edit shows in a second or two, instead of after a build of both editions. Pages
here also show other files: a snippet's output, the self-test's cards, the reading times counted
from every page. So each hook that embeds a file names it (:func:`rebuild_if_newer`), and a page
is built again when any of them is newer than the page too. As a hook of its own, this module
adds what every page shows: ``mkdocs.yml`` and the theme overrides.

A full build (``mkdocs build``, and the first build under serve) builds every page anyway; there
this changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files


def rebuild_if_newer(file: File, inputs: Iterable[Path | str]) -> bool:
    """Mark page ``file`` modified if one of ``inputs`` (files it shows) is newer than the page
    last written, or is gone; return whether it was marked."""
    try:
        built = os.stat(file.abs_dest_path).st_mtime_ns
    except OSError:
        return False  # never written: MkDocs builds it anyway
    for path in inputs:
        try:
            newer = os.stat(path).st_mtime_ns > built
        except OSError:
            newer = True  # a file it showed is gone: the page must say so
        if newer:
            file.is_modified = lambda: True  # type: ignore[method-assign]
            return True
    return False


@event_priority(-120)  # after the file list is final (mkdocs-static-i18n, the snippet hooks)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    shared = [Path(config.config_file_path)]
    if config.theme.custom_dir:
        shared += [p for p in Path(config.theme.custom_dir).rglob("*") if p.is_file()]
    newest = max(shared, key=lambda p: p.stat().st_mtime_ns)
    for page in files.documentation_pages():
        rebuild_if_newer(page, [newest])
    return files
