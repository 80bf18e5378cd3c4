"""Notebook pages (rendered by mkdocs-jupyter) in the site's own style, at a fraction of the weight.

mkdocs-jupyter inlines JupyterLab's whole stylesheet (575 kB) and its theme variables into
every notebook page, and nbconvert gives each plot the alt text "No description has been
provided for this image". This hook, for ``.ipynb`` pages only:

* drops those inlined stylesheets (JupyterLab's, its light theme, the unused Mermaid rules)
  and the empty MathJax ``<script src="">``; nbconvert's own Pygments rules go too (printed
  as a Python list, they never matched anything); the few notebook classes the page uses are styled
  in ``assets/stylesheets/site.css``, and code is coloured by the theme's own highlighting
  (``highlight_extra_classes: highlight``), so it follows the light and dark schemes;
* sets each image's alt text from the ``alt`` entry of its code cell's metadata, in the
  language of the notebook that page renders (``name.zh.ipynb`` has its own);
* gives each edition a cache folder of its own. mkdocs-jupyter keeps each converted notebook
  in its cache and, after a build, deletes every entry that build did not use; each edition is
  a build of its own, so with one folder each edition deleted the other's, and every notebook
  page was converted again on every build.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

PLACEHOLDER = 'alt="No description has been provided for this image"'
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>\s*", re.S)
_DROP = (  # how each dropped stylesheet starts
    '@charset "UTF-8";.jupyter-wrapper{',  # JupyterLab's
    ".jupyter-wrapper{--jp-shadow-base-lightness",  # its light theme's variables
    ".jp-Mermaid:not(.jp-RenderedMermaid)",
    "pre { line-height: 125%; }",  # Pygments, for .highlight-ipynb
    "['pre { line-height: 125%; }",
)
_EMPTY_SCRIPT = re.compile(r'<script src="">\s*</script>\s*')


def _alts(notebook: Path) -> list[str]:
    """The alt text of every image output, in page order: its cell's ``metadata.alt``."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return []
    found = []
    for cell in cells:
        for output in cell.get("outputs", []):
            if any(kind.startswith("image/") for kind in output.get("data", {})):
                found.append(str(cell.get("metadata", {}).get("alt", "")))
    return found


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    if not page.file.src_uri.endswith(".ipynb"):
        return html_text
    html_text = _STYLE.sub(
        lambda m: "" if m.group(1).lstrip().startswith(_DROP) else m.group(0), html_text
    )
    html_text = _EMPTY_SCRIPT.sub("", html_text)
    for alt in _alts(Path(page.file.abs_src_path)):
        if alt and PLACEHOLDER in html_text:
            html_text = html_text.replace(PLACEHOLDER, f'alt="{html.escape(alt)}"', 1)
    return html_text


@event_priority(110)  # before mkdocs-jupyter reads its cache (and before the snippet hooks)
def on_pre_page(page: Any, config: Any, files: Any) -> Any:
    plugin = config.plugins.get("mkdocs-jupyter")
    if plugin is not None and page.file.src_uri.endswith(".ipynb"):
        edition = str(config.theme.get("language") or "en")
        root = Path(config.config_file_path).resolve().parent
        plugin.config["cache_dir"] = str(root / ".cache" / "mkdocs-jupyter" / edition)
    return page
