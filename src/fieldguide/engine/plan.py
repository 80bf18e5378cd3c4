"""What a snippet's run depends on, as one cache key: its source, the repository files it
imports, the versions of the libraries it imports, the Python version, the CPU kernel set, the
environment variables that reach it and can change its output (``environment.KEYED``), its
options, and the engine's own code. Planning reads files and hashes them; it runs nothing."""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fieldguide.engine import environment, imports, machine
from fieldguide.engine.model import Helper
from fieldguide.engine.spec import Snippet

ENGINE_VERSION = 3
# The files that shape a *recorded* entry (how a snippet runs, what is captured, how it is
# normalized, the record's format): editing one invalidates the cache. Judging is deliberately
# not among them: it runs on every read, so a cached run is judged by the current rules.
ENGINE_FILES = (
    "child.py",
    "normalize.py",
    "processes.py",
    "environment.py",
    "prelude.py",
    "runner.py",
    "warmup.py",
    "mpl_backend.py",
    "model.py",
    "notebooks.py",
)


@dataclass
class Plan:
    """One snippet, ready to be looked up in the cache or run."""

    snippet: Snippet
    key: str
    timeout: float  # the snippet's own limit, or the engine's
    external: set[str]
    libraries: dict[str, str]
    helpers: list[Helper]
    files: dict[str, str | None]  # content hash of the snippet and each module it imports


def engine_digest() -> str:
    """The hash of the engine code that shapes a recorded entry (``ENGINE_FILES``)."""
    digest = hashlib.sha256(str(ENGINE_VERSION).encode())
    for name in ENGINE_FILES:
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest.hexdigest()


def digests(root: Path, rels: list[str]) -> dict[str, str | None]:
    """The content hash of each repository file (None for one that is gone)."""
    found: dict[str, str | None] = {}
    for rel in rels:
        path = root / rel
        found[rel] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    return found


def plan(
    snippet: Snippet,
    local: list[Path],
    external: set[str],
    *,
    root: Path,
    engine: str,
    default_timeout: float,
) -> Plan:
    """The plan of ``snippet``, which imports the repository files ``local`` and the top-level
    modules ``external``; ``engine`` is :func:`engine_digest`."""
    libraries = imports.library_versions(external)
    files = digests(root, [snippet.rel] + [str(p.relative_to(root)) for p in local])
    timeout = snippet.timeout or default_timeout
    payload: dict[str, Any] = {
        "engine": engine,
        "python": sys.version,
        "machine": machine.fingerprint(),  # results are per set of CPU kernels
        "environment": environment.keyed(),  # the variables that reach it and can change it
        "options": [timeout, snippet.threads],
        "files": [[rel, digest] for rel, digest in files.items()],
        "libraries": libraries,
        "installed": imports.dependency_versions(libraries),
    }
    key = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    helpers = [Helper(str(p.relative_to(root)), imports.summary(p)) for p in local]
    return Plan(snippet, key, timeout, external, libraries, helpers, files)
