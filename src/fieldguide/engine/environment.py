"""Which environment variables reach a snippet: a fixed list, so that a variable set in the
builder's shell cannot change an output behind the cache's back.

* :data:`KEYED` can change what a snippet prints (the locale, the time zone, and every
  kernel-selecting variable of ``machine.KERNEL_SETTINGS``): they pass, and their values are
  part of every cache key (``plan``);
* :data:`TOOLS` only locate things (programs, the home folder, the user): they pass and are not
  in the key;
* the engine sets its own (``TMPDIR``, ``SNIPPET_FIGURE_DIR``, ``TORCHINDUCTOR_CACHE_DIR``, a
  fixed ``PYTHONHASHSEED``, ...: ``runner.SERVER_ENV``).

Every other variable is removed before the fork server imports anything (``prelude``) and again
in each snippet's process (``child``). A snippet that needs a setting sets it itself
(``os.environ["XLA_FLAGS"] = ...`` before importing jax), where the page shows it.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping

from fieldguide.engine.machine import KERNEL_SETTINGS

KEYED = (
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_NUMERIC",
    "LC_MESSAGES",
    "TZ",
    *KERNEL_SETTINGS,
)
TOOLS = ("PATH", "HOME", "USER", "LOGNAME", "SHELL")
ENGINE = (
    "TMPDIR",
    "SNIPPET_FIGURE_DIR",
    "TORCHINDUCTOR_CACHE_DIR",
    "PYTHONHASHSEED",
    "MPLBACKEND",
    "TF_CPP_MIN_LOG_LEVEL",
)
PASSED = frozenset(KEYED + TOOLS + ENGINE)


def restrict(environ: MutableMapping[str, str] = os.environ) -> list[str]:
    """Remove from ``environ`` every variable a snippet may not see; return their names."""
    removed = sorted(name for name in environ if name not in PASSED)
    for name in removed:
        del environ[name]
    return removed


def keyed(environ: MutableMapping[str, str] = os.environ) -> dict[str, str]:
    """The variables that pass and can change an output, with their values (for the key)."""
    return {name: environ[name] for name in KEYED if name in environ}
