"""``fieldguide.extensions.math``: a page's TeX becomes MathML when the page is rendered."""

from __future__ import annotations

import markdown
import pytest

from fieldguide.extensions.math import MathError, mathml


def _render(text: str) -> str:
    return markdown.markdown(
        text,
        extensions=["pymdownx.arithmatex", "fieldguide.extensions.math"],
        extension_configs={"pymdownx.arithmatex": {"generic": True}},
    )


def test_inline_and_display_math_become_mathml_with_their_source() -> None:
    html = _render("Where \\(a < b\\) holds:\n\n$$\n\\frac{\\partial L}{\\partial x}\n$$\n")
    inline, display = html.split("<div", 1)
    assert '<span class="arithmatex"><math xmlns="http://www.w3.org/1998/Math/MathML"' in inline
    assert 'display="inline"' in inline and "<mo>&#x0003C;</mo>" in inline
    assert '<annotation encoding="application/x-tex">a &lt; b</annotation>' in inline
    assert 'display="block"' in display and "<mfrac>" in display
    assert "\\frac{\\partial L}{\\partial x}</annotation>" in display
    assert "\\(" not in html and "\\[" not in html  # no TeX left for a script to find


def test_text_without_math_is_untouched() -> None:
    assert _render("No math, a price of $5 and `\\(x\\)` in code.") == (
        "<p>No math, a price of $5 and <code>\\(x\\)</code> in code.</p>"
    )


def test_a_formula_that_cannot_be_converted_is_named() -> None:
    with pytest.raises(MathError, match=r"'x\^'"):
        mathml("x^", display=False)
