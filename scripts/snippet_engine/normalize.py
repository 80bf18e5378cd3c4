"""Rewrite only what is specific to this machine or this run, so outputs compare exactly.

The same normalized text is embedded in pages and compared with snapshots:

* memory addresses (``0x7f3a5c...``) become ``0x…``;
* absolute paths of this checkout, of site-packages, of the Python installation, of the user's
  home and of temporary folders become short placeholders;
* measured values (``⟪12.3 ms⟫``, see ``fieldkit.measured``) are kept for the page and replaced
  by ``⟪measured⟫`` in the form that is compared and committed.
"""

from __future__ import annotations

import functools
import re
import sys
import sysconfig
import tempfile
from pathlib import Path

ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,16}\b")
MEASURED = re.compile("\u27ea([^\u27ea\u27eb\n]*)\u27eb")
MEASURED_PLACEHOLDER = "\u27eameasured\u27eb"


@functools.cache
def _machine_paths() -> dict[str, str]:
    """Prefixes of this Python installation and user (looked up once: sysconfig is slow)."""
    paths = sysconfig.get_paths()
    rules = {paths[key] + "/": "<site-packages>/" for key in ("purelib", "platlib")}
    rules[paths["stdlib"] + "/"] = "<python>/"
    rules[sys.base_prefix + "/"] = "<python>/"
    rules[str(Path.home()) + "/"] = "~/"
    return rules


def _path_rules(root: Path, extra: dict[str, str]) -> list[tuple[str, str]]:
    """(absolute prefix, replacement) pairs, longest prefix first."""
    rules = {**extra, str(root) + "/": "", **_machine_paths()}
    return sorted(rules.items(), key=lambda item: len(item[0]), reverse=True)


def normalize(text: str, root: Path, extra: dict[str, str] | None = None) -> str:
    """Normalize raw captured output; measured values keep their markers."""
    for prefix, replacement in _path_rules(root, extra or {}):
        text = text.replace(prefix, replacement)
    tmp = re.escape(tempfile.gettempdir().rstrip("/"))
    text = re.sub(tmp + r"/[A-Za-z0-9_.-]+", "<tmp>", text)
    return ADDRESS.sub("0x…", text)


def for_snapshot(text: str) -> str:
    """The committed and compared form: measured values replaced by a placeholder."""
    return MEASURED.sub(MEASURED_PLACEHOLDER, text)


def for_display(text: str) -> str:
    """The form a page shows: measured values without their markers."""
    return MEASURED.sub(r"\1", text)
