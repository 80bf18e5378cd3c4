"""Contrast and focus, in both colour schemes and both editions: every piece of text a page shows
(its chrome, its prose, code tokens, outputs, buttons) at 4.5:1 or more against what lies behind
it, inline links told apart from text by more than their colour, and a focus ring on tab labels.

The contrast is computed as WCAG 2 defines it, from the colours the browser computed: the text's
colour (with its opacity) over the first opaque background found going up the page, each
translucent background on the way composited in."""

from __future__ import annotations

from typing import Any

import pytest

MINIMUM = 4.5
# Pages with every kind of block: prose and links, code and outputs, tabs, figures, admonitions,
# math, tables, the API reference, the notebook, the practice pages' controls, the home page.
PAGES = [
    "",
    "graph/leaves-and-grad-fn/",
    "hooks/checkpointing/",
    "beyond/tf-jax-side-by-side/",
    "errors/recording-and-leaves/",
    "interview/errors-recording-backward/",
    "interview/self-test/",
    "scratch/build-your-own/",
    "scratch/api/",
]
EDITIONS = ["/", "/zh/"]
SCHEMES = ["light", "dark"]

CONTRAST = """() => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let color = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  const visible = (el) => {
    if (!el.getClientRects().length) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility === "hidden" || s.display === "none" || Number(s.opacity) === 0) {
        return false;
      }
    }
    return true;
  };
  const skip = "svg, .md-search, .katex, [disabled], .md-header__topic + .md-header__topic, " +
    ".md-sidebar:not(.md-sidebar--primary):not(.md-sidebar--secondary)";
  const low = new Map();  // one line per kind of element and pair of colours
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || seen.has(el) || el.closest(skip)) continue;
    seen.add(el);
    if (!visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;  // clipped away, or off the side
    const style = getComputedStyle(el);
    const fg = parse(style.color);
    if (!fg) continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const bg = background(el);
    const color = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const value = ratio(color, bg);
    if (value < %MINIMUM%) {
      const where = el.className && typeof el.className === "string" ? "." +
        el.className.trim().split(/\\s+/).join(".") : "";
      const key = `${el.tagName.toLowerCase()}${where} ${style.color} on rgb(${bg.slice(0, 3)})`;
      if (!low.has(key)) {
        low.set(key, `${value.toFixed(2)} ${key} "${node.textContent.trim().slice(0, 30)}"`);
      }
    }
  }
  return [...low.values()];
}""".replace("%MINIMUM%", str(MINIMUM))


def _open(page: Any, url: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(url)
    page.evaluate("document.fonts.ready")
    # every collapsed block open, so that what it holds is measured too
    page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_text_reaches_4_5_to_1(page, edition: str, scheme: str) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    low = []
    for path in PAGES:
        _open(page, edition + path, scheme)
        low += [f"{edition}{path}: {found}" for found in page.evaluate(CONTRAST)]
    assert not low, f"{len(low)} texts below {MINIMUM}:1\n" + "\n".join(low[:40])


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("edition", EDITIONS)
def test_inline_links_are_underlined(page, edition: str, scheme: str) -> None:
    _open(page, edition + "graph/leaves-and-grad-fn/", scheme)
    links = page.locator("article :is(p, li, td) > a:not(.md-button):not(.headerlink)")
    assert links.count() > 5
    plain = links.evaluate_all(
        "links => links.filter(a => !getComputedStyle(a).textDecorationLine.includes('underline'))"
        ".map(a => a.textContent)"
    )
    assert not plain, plain[:10]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("edition", EDITIONS)
def test_focused_tab_label_shows_a_ring(page, edition: str, scheme: str) -> None:
    _open(page, edition + "beyond/tf-jax-side-by-side/", scheme)
    first = page.locator(".tabbed-set").first
    first.locator(".tabbed-labels label").first.click()
    page.keyboard.press("ArrowRight")  # keyboard use: the browser shows focus from here on
    ring = page.evaluate(
        """() => {
      const focused = document.activeElement;
      const set = focused.closest('.tabbed-set');
      const label = focused.tagName === 'LABEL' ? focused
        : set && set.querySelector(`.tabbed-labels label[for="${focused.id}"]`);
      if (!label) return {focused: focused.outerHTML.slice(0, 120)};
      const s = getComputedStyle(label);
      return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), text: label.textContent};
    }"""
    )
    assert ring.get("style") not in (None, "none") and ring["width"] >= 2, ring
