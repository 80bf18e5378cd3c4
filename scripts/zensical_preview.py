"""Build the English edition with Zensical (``make preview-zensical``): the same pages, the same
Markdown extensions, the snippets' outputs embedded by ``fieldguide.extensions.snippets``.

Zensical reads an ``mkdocs.yml`` and runs Python-Markdown extensions, but no MkDocs plugin and
no hook. This writes the configuration it reads, derived from the site's own ``mkdocs.yml``
(so nothing is kept twice): the theme, the navigation and the extensions, with the site's
extensions added by name where the MkDocs plugin adds them; the Chinese pages left out. What
the site still needs that Zensical does not do is listed in CONTRIBUTING.md.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parent.parent
KEPT = ("site_name", "site_description", "site_url", "repo_url", "repo_name", "copyright", "nav")
KEPT_THEME = ("name", "custom_dir", "font", "icon", "palette", "features")


def preview_config(root: Path = ROOT, site_dir: str = "site-zensical") -> dict[str, Any]:
    """The Zensical configuration of the English edition (paths relative to ``root``, where the
    configuration is written and Zensical runs)."""
    config = yaml_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
    preview: dict[str, Any] = {key: config[key] for key in KEPT if key in config}
    preview["docs_dir"] = "docs"
    preview["site_dir"] = site_dir
    preview["theme"] = {k: v for k, v in config["theme"].items() if k in KEPT_THEME}
    preview["extra_css"] = config.get("extra_css", [])
    preview["extra_javascript"] = config.get("extra_javascript", [])
    preview["exclude_docs"] = "*.zh.md\n*.zh.ipynb\n"
    extensions = list(config["markdown_extensions"])
    extensions += [
        {"fieldguide.extensions.snippets": {"root": str(root), "language": "en"}},
        {"fieldguide.extensions.reading_time": {"docs_dir": str(root / "docs")}},
    ]
    preview["markdown_extensions"] = extensions
    return preview


def build(project: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Build the preview in ``project`` (the repository, or a folder that links its ``docs`` and
    ``overrides``): Zensical builds only below the folder its configuration is in."""
    config_file = project / ".zensical-preview.yml"
    config = preview_config()
    config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    command = [sys.executable, "-m", "zensical", "build", "-f", str(config_file)]
    return subprocess.run(command, cwd=project, check=False, text=True, capture_output=True)


if __name__ == "__main__":
    done = build()
    print(done.stdout + done.stderr, end="")
    sys.exit(done.returncode)
