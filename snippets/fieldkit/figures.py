"""Save a figure so that the page embedding the snippet can show it.

Under the build, the engine sets ``SNIPPET_FIGURE_DIR`` to a private folder and embeds every
``*.svg`` written there, in name order, after the snippet's text output. Run by hand, figures
land in ``./snippet-figures/`` so you can open them.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

FIGURE_DIR_ENV = "SNIPPET_FIGURE_DIR"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def figure_dir() -> Path:
    """The folder figures go to: the engine's, or ``./snippet-figures`` for a plain run."""
    folder = Path(os.environ.get(FIGURE_DIR_ENV) or "snippet-figures")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_svg(name: str, svg: str) -> Path:
    """Write ``svg`` (a complete ``<svg>`` document) as figure ``name`` and return its path."""
    if not _NAME.match(name):
        raise ValueError(f"figure name {name!r} must match {_NAME.pattern}")
    if "<svg" not in svg:
        raise ValueError("save_svg expects SVG markup")
    path = figure_dir() / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
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
