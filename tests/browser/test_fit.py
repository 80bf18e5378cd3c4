"""Code and outputs that fit the column: at 1440 × 900, the share of code blocks and of output
blocks that scroll sideways, in both editions, and no output text under a copy button.

The figures are printed (``-s``) as well as held to a ceiling, so that a change of layout can be
measured before and after.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fixtures.built_site import edition_urls

WIDE = {"width": 1440, "height": 900}
MAX_OVERFLOW_SHARE = 0.10  # of code blocks, and of output blocks, that scroll sideways

# Every block of the page: code blocks (source and illustrative) and output blocks, whether each
# scrolls sideways, and whether any of its text lies under its copy button.
MEASURE = """() => {
  const article = document.querySelector("article");
  if (!article) return {code: [], output: [], covered: [], column: 0};
  const scrolls = (code) => code.scrollWidth > code.clientWidth + 1;
  const blocks = [...article.querySelectorAll("pre > code")]
    .filter(code => code.getClientRects().length);  // shown (not in a closed <details>)
  const code = [], output = [], covered = [];
  for (const block of blocks) {
    const isOutput = !!block.closest(".snippet-output");
    (isOutput ? output : code).push(scrolls(block));
    const button = block.parentElement.querySelector(
      ":scope > .md-code__nav button, :scope > .md-clipboard");
    if (!button || !button.getClientRects().length) continue;
    const b = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(block);
    const seen = block.getBoundingClientRect();
    for (const r of range.getClientRects()) {
      const visible = r.right > seen.left && r.left < seen.right;
      if (visible && r.width > 0 && r.right > b.left && r.left < b.right
          && r.bottom > b.top && r.top < b.bottom) {
        covered.push(block.textContent.split("\\n")[0].slice(0, 60));
        break;
      }
    }
  }
  return {code, output, covered, column: article.getBoundingClientRect().width};
}"""


def measure(page: Any, urls: list[str]) -> dict[str, Any]:
    """Load each page at 1440 × 900 and count the code and output blocks that scroll sideways."""
    page.set_viewport_size(WIDE)
    totals: dict[str, Any] = {"code": [0, 0], "output": [0, 0], "covered": [], "columns": set()}
    for url in urls:
        page.goto(url, wait_until="domcontentloaded")
        found = page.evaluate(MEASURE)
        for kind in ("code", "output"):
            totals[kind][0] += sum(found[kind])
            totals[kind][1] += len(found[kind])
        totals["covered"] += [f"{url}: {text}" for text in found["covered"]]
        if found["column"]:
            totals["columns"].add(round(found["column"]))
    return totals


def _share(pair: list[int]) -> float:
    return pair[0] / pair[1] if pair[1] else 0.0


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_code_and_outputs_fit_at_1440(page, site_dir: Path, edition: str) -> None:
    totals = measure(page, edition_urls(site_dir, edition))
    code, output = totals["code"], totals["output"]
    print(
        f"\n{edition} at 1440x900: article {sorted(totals['columns'])[-1]} px wide; "
        f"code {code[0]}/{code[1]} scroll sideways ({_share(code):.0%}), "
        f"outputs {output[0]}/{output[1]} ({_share(output):.0%}); "
        f"{len(totals['covered'])} blocks with text under the copy button"
    )
    assert code[1] > 100 and output[1] > 100, "too few blocks measured"
    assert _share(code) < MAX_OVERFLOW_SHARE, f"code: {code[0]} of {code[1]} scroll sideways"
    assert _share(output) < MAX_OVERFLOW_SHARE, f"outputs: {output[0]} of {output[1]} scroll"
    assert not totals["covered"], totals["covered"][:10]
