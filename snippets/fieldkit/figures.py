"""Save a figure so that the page embedding the snippet can show it.

Under the build, the engine sets ``SNIPPET_FIGURE_DIR`` to a private folder and embeds every
``*.svg`` written there, in name order, after the snippet's text output. Run by hand, figures
land in ``./snippet-figures/`` so you can open them.

A page can embed several figures, each inlined as ``<svg>``: every ``id`` a figure defines
(an autograd graph's nodes and arrow marker, matplotlib's glyphs and clip paths) is prefixed
with the snippet's topic, its name and the figure's name, and the references to it follow, so
that no two figures on one page share an id.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path
from typing import Any

FIGURE_DIR_ENV = "SNIPPET_FIGURE_DIR"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_ID = re.compile(r'(?<![\w:-])id="([^"]+)"')
_URL_REF = re.compile(r"url\(#([^)\s]+)\)")
_HREF_REF = re.compile(r'((?<![\w-])(?:xlink:)?href)="#([^"]+)"')


def figure_dir() -> Path:
    """The folder figures go to: the engine's, or ``./snippet-figures`` for a plain run."""
    folder = Path(os.environ.get(FIGURE_DIR_ENV) or "snippet-figures")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def id_prefix(name: str) -> str:
    """``<topic>-<snippet>-<figure>-`` for the running snippet (``fig-<figure>-`` otherwise)."""
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0].endswith(".py") else None
    parts = [script.parent.name, script.stem] if script else ["fig"]
    return re.sub(r"[^A-Za-z0-9_-]", "_", "-".join([*parts, name])) + "-"


def unique_ids(svg: str, prefix: str) -> str:
    """``svg`` with every id it defines, and every ``url(#…)``/``href="#…"`` to one, prefixed."""
    ids = set(_ID.findall(svg))
    if not ids:
        return svg
    svg = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', svg)
    svg = _URL_REF.sub(
        lambda m: f"url(#{prefix}{m.group(1)})" if m.group(1) in ids else m.group(0), svg)
    return _HREF_REF.sub(
        lambda m: f'{m.group(1)}="#{prefix}{m.group(2)}"' if m.group(2) in ids else m.group(0),
        svg)


def save_svg(name: str, svg: str) -> Path:
    """Write ``svg`` (a complete ``<svg>`` document) as figure ``name`` and return its path."""
    if not _NAME.match(name):
        raise ValueError(f"figure name {name!r} must match {_NAME.pattern}")
    if "<svg" not in svg:
        raise ValueError("save_svg expects SVG markup")
    path = figure_dir() / f"{name}.svg"
    path.write_text(unique_ids(svg, id_prefix(name)), encoding="utf-8")
    return path


def save_matplotlib(fig: Any, name: str) -> Path:
    """Save a matplotlib figure as a reproducible SVG (fixed ids, no timestamp) and close it."""
    import matplotlib
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": name, "svg.fonttype": "path"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]  # drop the XML prolog and doctype: the SVG is inlined in HTML
    return save_svg(name, svg)
