"""Small helpers that snippets import: saving figures and marking measured values.

Everything here works the same whether a snippet runs under the build or as a plain
``python snippets/<topic>/<name>.py``.
"""

from fieldkit.figures import save_matplotlib, save_svg
from fieldkit.measured import measured

__all__ = ["measured", "save_matplotlib", "save_svg"]
