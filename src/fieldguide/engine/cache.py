"""A content-addressed store of snippet results on local disk.

Entries are JSON files named by the snippet's key. Writes go to a temporary file that is then
renamed into place, so a reader never sees half an entry, and a build holds a file lock while it
executes and records, so two builds at once neither corrupt the store nor run the same snippet
twice: the second one waits, then finds the first one's entries.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from filelock import FileLock


def write_json(path: Path, data: object) -> None:
    """Write ``data`` as JSON to ``path`` atomically: a concurrent build reads the old file or
    the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, sort_keys=True)
    os.replace(tmp, path)


class Cache:
    """Results by key under ``folder``; a corrupt or unreadable entry counts as a miss."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry stored under ``key``, or None."""
        try:
            entry = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return entry if isinstance(entry, dict) and entry.get("key") == key else None

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store ``entry`` under ``key`` atomically."""
        write_json(self._path(key), {**entry, "key": key})

    def is_empty(self) -> bool:
        """True if no entry has been stored yet (a first build: every snippet will run)."""
        if not self.folder.is_dir():
            return True
        return not any(
            shard.is_dir() and len(shard.name) == 2 and any(shard.glob("*.json"))
            for shard in self.folder.iterdir()
        )

    def lock(self) -> FileLock:
        """The lock a build holds while it executes snippets and records their results."""
        self.folder.mkdir(parents=True, exist_ok=True)
        return FileLock(str(self.folder / ".lock"))
