"""What the site's build caches (``overrides/hooks/*_cache.py``) share: the installed versions
of what converts, writing an entry so that a concurrent build never reads half of it, and
noticing that the code a process converts with has changed on disk since it was loaded."""

from __future__ import annotations

import os
import tempfile
from importlib import metadata
from pathlib import Path


def installed_version(distribution: str) -> str:
    """The installed version of ``distribution``, ``""`` when it is not installed."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)


class FirstRead:
    """Each named input (a source file, a list of versions) as this process first read it.

    A running ``mkdocs serve`` keeps the modules and data it loaded: once one of them differs on
    disk, the process would produce old output under the new input's key, so ``changed`` tells
    its cache to stand aside until the process is restarted.
    """

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}
        self.changed = False

    def __call__(self, name: str, now: str) -> str:
        """``now``, noting whether it differs from what was first read under ``name``."""
        if self.seen.setdefault(name, now) != now:
            self.changed = True
        return now
