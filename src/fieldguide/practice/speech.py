"""How long an answer takes to say, and how long each kind of answer may be.

English is measured in words and Chinese in characters: each 汉字 counts one, and so does each
English word or code name in a Chinese sentence (``loss``, ``grad_fn``), which takes about as
long to say. Markup is not spoken: link targets, emphasis marks, backticks, math delimiters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
ANCHOR = re.compile(r"\{\s*#[^}]*\}")
HANZI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")


def spoken_text(markdown: str) -> str:
    """The words of a Markdown passage as they would be said."""
    text = LINK.sub(r"\1", markdown)
    text = ANCHOR.sub(" ", text)
    return text.replace("**", "").replace("`", "").replace("\\(", " ").replace("\\)", " ")


def length(markdown: str, language: str) -> int:
    """Words (English) or characters (Chinese) of the passage, as said aloud."""
    text = spoken_text(markdown)
    if language == "zh":
        return len(HANZI.findall(text)) + len(LATIN_WORD.findall(HANZI.sub(" ", text)))
    return len(LATIN_WORD.findall(text))


@dataclass(frozen=True)
class Bounds:
    """The length an answer of one kind may have in one language, inclusive."""

    low: int
    high: int
    unit: str

    def admits(self, n: int) -> bool:
        return self.low <= n <= self.high

    def describe(self) -> str:
        return f"{self.low}–{self.high} {self.unit}"


# 30 s and 90 s at about 150 words (250 characters) a minute; the full answer is what can be said
# in 4 minutes, and says more than the 90-second one.
BOUNDS: dict[tuple[str, str], Bounds] = {
    ("30s", "en"): Bounds(70, 90, "words"),
    ("30s", "zh"): Bounds(100, 140, "字"),
    ("90s", "en"): Bounds(200, 250, "words"),
    ("90s", "zh"): Bounds(320, 400, "字"),
    ("full", "en"): Bounds(251, 600, "words"),
    ("full", "zh"): Bounds(401, 1000, "字"),
}
