"""Rewrite only what is specific to this machine or this run, so outputs compare exactly.

The same normalized text is embedded in pages and compared with snapshots:

* memory addresses become ``0x…``: a hex number of 9 to 16 digits (a 64-bit address), or of 6 to
  8 digits after ``at `` (``<object at 0x1a2b3c4>``); other hex numbers are data and stay
  (``0x3f800000``, the bits of 1.0);
* absolute paths of this checkout, of site-packages, of the Python installation, of the user's
  home and of temporary folders become short placeholders; the checkout itself, printed alone
  (``os.getcwd()``), becomes ``.``;
* control characters other than tab and newline become visible symbols (U+2400 block: ``␀``,
  ``␇``, ``␛``), so a page never carries raw terminal codes; ``\r\n`` becomes ``\n``;
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

ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{9,16}\b|(?<=\bat )0x[0-9a-fA-F]{6,8}\b")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
MEASURED = re.compile("\u27ea([^\u27ea\u27eb\n]*)\u27eb")
MEASURED_PLACEHOLDER = "\u27eameasured\u27eb"


@functools.cache
def _machine_paths() -> dict[str, str]:
    """Prefixes of this Python installation and user (looked up once: sysconfig is slow)."""
    paths = sysconfig.get_paths()
    rules = {paths[key] + "/": "<site-packages>/" for key in ("purelib", "platlib")}
    # and any other site-packages folder the interpreter reads (one a .pth file adds)
    rules |= {p + "/": "<site-packages>/" for p in sys.path if Path(p).name == "site-packages"}
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
    text = re.sub(re.escape(str(root)) + r"(?![\w./-])", ".", text)
    tmp = re.escape(tempfile.gettempdir().rstrip("/"))
    # a snippet's temporary folder is inside the engine's own (``runner.private_temp``)
    text = re.sub(tmp + r"/(?:snippet-engine-\d+/)?[A-Za-z0-9_.-]+", "<tmp>", text)
    text = CONTROL.sub(_visible, text.replace("\r\n", "\n"))
    return ADDRESS.sub("0x…", text)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return "\u2421" if code == 0x7F else chr(0x2400 + code)


def for_snapshot(text: str) -> str:
    """The committed and compared form: measured values replaced by a placeholder."""
    return MEASURED.sub(MEASURED_PLACEHOLDER, text)


def for_display(text: str) -> str:
    """The form a page shows: measured values without their markers."""
    return MEASURED.sub(r"\1", text)
