"""The engine's settings, resolved in one place for every front end (the command line, a site
Markdown extension, the benchmark): an explicit value wins, then the environment, then the default.

=====================  ==========================  ================================
setting                environment                 default
=====================  ==========================  ================================
``cache_dir``          ``SNIPPETS_CACHE_DIR``      ``<root>/.cache/snippets``
``jobs``               ``SNIPPETS_JOBS``           the number of CPUs
``timeout``            ``SNIPPETS_TIMEOUT``        60 s (a snippet may declare its own)
``execute``            ``SNIPPETS_EXECUTE``        ``1``: run snippets (``0``: do not)
``output_limit``       ``SNIPPETS_OUTPUT_LIMIT``   1 000 000 bytes of output a snippet
``docs_dir``           (the site's config)         ``<root>/docs``
=====================  ==========================  ================================

A value that is not one of these (``SNIPPETS_JOBS=two``, ``SNIPPETS_TIMEOUT=nan``,
``SNIPPETS_EXECUTE=no``) is a :class:`SettingsError` naming the variable: one line, no traceback.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_TIMEOUT = 60.0
DEFAULT_OUTPUT_LIMIT = 1_000_000  # bytes of stdout and stderr together


class SettingsError(ValueError):
    """A setting with a value it cannot have, named with its environment variable."""


@dataclass(frozen=True)
class Settings:
    """Where the engine finds snippets, pages and its cache, and how it runs them."""

    root: Path  # the repository: snippets/ and docs/ are below it
    docs_dir: Path  # notebook pages are found here
    cache_dir: Path
    jobs: int  # snippets run at once
    timeout: float  # seconds, for a snippet that declares no limit of its own
    execute: bool = True  # False: pages get a placeholder instead of output (fast previews)
    allow_skips: bool = False  # a snippet this machine cannot run is skipped, not an error
    output_limit: int = DEFAULT_OUTPUT_LIMIT  # bytes a snippet may print (stdout and stderr)

    @property
    def snippets_dir(self) -> Path:
        return self.root / "snippets"

    @classmethod
    def resolve(
        cls,
        root: Path,
        *,
        docs_dir: Path | str | None = None,
        cache_dir: Path | str | None = None,
        jobs: int | None = None,
        timeout: float | None = None,
        execute: bool | None = None,
        allow_skips: bool = False,
        output_limit: int | None = None,
    ) -> Settings:
        """Settings for the repository at ``root``; ``None`` means "from the environment, or
        the default"."""
        root = Path(root).resolve()
        env = os.environ
        if cache_dir is None:
            cache_dir = env.get("SNIPPETS_CACHE_DIR") or root / ".cache" / "snippets"
        if jobs is None:
            jobs = int(_positive(env.get("SNIPPETS_JOBS"), "SNIPPETS_JOBS", int) or 0)
            jobs = jobs or os.cpu_count() or 1
        if timeout is None:
            timeout = _positive(env.get("SNIPPETS_TIMEOUT"), "SNIPPETS_TIMEOUT", float)
        if execute is None:
            value = env.get("SNIPPETS_EXECUTE", "").strip() or "1"
            if value not in ("0", "1"):
                raise SettingsError(f"SNIPPETS_EXECUTE={value!r}: expected 1 (run) or 0 (do not)")
            execute = value == "1"
        if output_limit is None:
            limit = _positive(env.get("SNIPPETS_OUTPUT_LIMIT"), "SNIPPETS_OUTPUT_LIMIT", int)
            output_limit = int(limit or DEFAULT_OUTPUT_LIMIT)
        if jobs < 1 or not 0 < float(timeout or DEFAULT_TIMEOUT) < math.inf:
            raise SettingsError(f"jobs={jobs!r}, timeout={timeout!r}: expected positive numbers")
        return cls(
            root=root,
            docs_dir=Path(docs_dir).resolve() if docs_dir else root / "docs",
            cache_dir=Path(cache_dir),
            jobs=int(jobs),
            timeout=float(timeout or DEFAULT_TIMEOUT),
            execute=execute,
            allow_skips=allow_skips,
            output_limit=output_limit,
        )


def _positive(value: str | None, name: str, kind: type[int] | type[float]) -> float | None:
    """``value`` as a positive number, or None if unset; a clear error if it is not one."""
    if not value:
        return None
    try:
        number = kind(value.strip())
    except ValueError:
        number = 0
    if not 0 < number < math.inf:  # nan and inf are not limits
        what = "a positive whole number" if kind is int else "a positive number"
        raise SettingsError(f"{name}={value!r}: expected {what}")
    return number
