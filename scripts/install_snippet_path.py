"""Make the teaching packages under ``snippets/`` importable from this virtual environment.

Snippets are plain scripts (``python snippets/<topic>/<name>.py``) that may import small helper
packages living in ``snippets/`` itself. A ``.pth`` file in site-packages puts that folder on
``sys.path`` for every interpreter of the environment, so no snippet has to edit ``sys.path``.
"""

from __future__ import annotations

import sysconfig
from pathlib import Path


def main() -> None:
    """Write ``autograd_field_guide_snippets.pth`` into the running interpreter's site-packages."""
    snippets = Path(__file__).resolve().parent.parent / "snippets"
    site_packages = Path(sysconfig.get_paths()["purelib"])
    pth = site_packages / "autograd_field_guide_snippets.pth"
    pth.write_text(f"{snippets}\n", encoding="utf-8")
    print(f"snippets importable via {pth}")


if __name__ == "__main__":
    main()
