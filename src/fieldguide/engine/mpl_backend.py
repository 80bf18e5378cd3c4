"""The matplotlib backend snippets run with: ``plt.show()`` embeds the open figures in the page.

A reader's copy of a snippet shows its figures in a window; at build time there is no window,
and the non-interactive default would drop them with a warning. With this backend
(``MPLBACKEND=module://fieldguide.engine.mpl_backend``, set for every snippet) each figure open at
``plt.show()`` is saved as a reproducible SVG (fixed ids, no timestamp) named ``figure-1``,
``figure-2``, … in the order shown, and closed, exactly like a figure saved with
``fieldkit.save_matplotlib``.
"""

from __future__ import annotations

import io
import itertools
import os
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.backend_bases import FigureManagerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

FigureCanvas = FigureCanvasAgg
FigureManager = FigureManagerBase
_numbers = itertools.count(1)


def show(*args: Any, **kwargs: Any) -> None:
    """Save every open figure into the snippet's figure folder, then close it."""
    import matplotlib.pyplot as plt

    folder = os.environ.get("SNIPPET_FIGURE_DIR")
    for number in plt.get_fignums():
        figure = plt.figure(number)
        if folder:
            name = f"figure-{next(_numbers)}"
            buffer = io.StringIO()
            with matplotlib.rc_context({"svg.hashsalt": name, "svg.fonttype": "path"}):
                figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
            svg = buffer.getvalue()
            Path(folder, f"{name}.svg").write_text(svg[svg.index("<svg") :], encoding="utf-8")
        plt.close(figure)
