"""A content-addressed store of snippet results on local disk.

Entries are JSON files named by the snippet's key. Writes go to a temporary file that is then
renamed into place, so a reader never sees half an entry, and a build holds a file lock while it
executes and records, so two builds at once neither corrupt the store nor run the same snippet
twice: the second one waits, then finds the first one's entries.

Nothing is served unchecked. An entry holds its key and the SHA-256 of its record beside the
record; a read verifies both and lets the caller check the record's shape. An entry that fails
(truncated, emptied, edited, another entry's file copied over it, a record of the wrong shape) is
a miss: it is removed, the snippet runs again, and one warning names the entry's file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from filelock import FileLock

log = logging.getLogger("fieldguide.engine")


def write_json(path: Path, data: object) -> None:
    """Write ``data`` as JSON to ``path`` atomically: a concurrent build reads the old file or
    the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, sort_keys=True)
    os.replace(tmp, path)


def _digest(key: str, record: object) -> str:
    """The stamp of ``record`` filed under ``key``: both are covered."""
    text = json.dumps({"key": key, "record": record}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _verified(
    key: str, data: bytes, check: Callable[[dict[str, Any]], object] | None
) -> tuple[dict[str, Any] | None, str | None]:
    """The record in entry ``data`` filed under ``key``, or None and what is wrong with it."""
    try:
        entry = json.loads(data.decode("utf-8"))
    except ValueError:
        return None, "not a JSON entry (truncated or overwritten?)"
    if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
        return None, "not an entry of this cache (no record)"
    if entry.get("key") != key:
        return None, f"filed under {key[:12]}… but holds another key"
    record: dict[str, Any] = entry["record"]
    if entry.get("sha256") != _digest(key, record):
        return None, "its record does not match its stamp (edited or damaged)"
    if check is not None:
        try:
            check(record)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            return None, f"malformed record ({type(exc).__name__}: {exc})"
    return record, None


class Cache:
    """Results by key under ``folder``; an entry that fails its checks counts as a miss."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._rejected: set[Path] = set()  # warned about once, even if it cannot be removed

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(
        self, key: str, check: Callable[[dict[str, Any]], object] | None = None
    ) -> dict[str, Any] | None:
        """The record stored under ``key``, or None: absent, or failing a check (its key, its
        stamp, or ``check``, which raises ``KeyError``/``TypeError``/``ValueError`` on a record
        of the wrong shape). A failing entry is removed, with one warning."""
        path = self._path(key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.reject(path, f"unreadable ({exc.strerror})")
            return None
        record, problem = _verified(key, data, check)
        if problem is not None:
            self.reject(path, problem)
        return record

    def reject(self, path: Path, reason: str) -> None:
        """Warn once that the entry at ``path`` is bad, and remove it (it will be recomputed)."""
        if path not in self._rejected:
            self._rejected.add(path)
            log.warning(
                "snippet cache entry %s: %s; it is discarded and the snippet runs again",
                path,
                reason,
            )
        with contextlib.suppress(OSError):
            path.unlink()

    def discard(self, key: str) -> None:
        """Remove the entry under ``key``, if any (a result found not to be one)."""
        with contextlib.suppress(OSError):
            self._path(key).unlink()

    def put(self, key: str, record: dict[str, Any]) -> None:
        """Store ``record`` under ``key`` atomically, with its stamp."""
        write_json(self._path(key), {"key": key, "sha256": _digest(key, record), "record": record})
        self._rejected.discard(self._path(key))

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
