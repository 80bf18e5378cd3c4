"""``make preview-zensical``: Zensical builds the English edition through the same Markdown
extension, with the snippets' real outputs in the pages."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import zensical_preview  # noqa: E402

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("zensical") is None, reason="zensical is installed by make test"
)


def test_the_preview_embeds_executed_outputs(tmp_path: Path) -> None:
    for folder in ("docs", "overrides"):  # Zensical builds only what is below its config
        shutil.copytree(ROOT / folder, tmp_path / folder)
    done = zensical_preview.build(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    page = (tmp_path / "site-zensical" / "graph" / "leaves-and-grad-fn" / "index.html").read_text(
        encoding="utf-8"
    )
    assert '<div class="snippet-output"' in page
    assert "d: requires_grad=True   is_leaf=False  grad_fn=SumBackward0" in page
    assert "{*" not in page and "fieldguide-output" not in page
    assert not (tmp_path / "site-zensical" / "zh").exists()
