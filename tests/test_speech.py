"""The spoken-length measure the interview answers are held to."""

from fieldguide.practice.speech import BOUNDS, length, spoken_text


def test_markup_is_not_spoken() -> None:
    text = "Call `loss.backward()`, see [the page](../graph/index.md#x) and **bold** \\( v^T J \\)."
    assert "graph/index" not in spoken_text(text)
    assert "`" not in spoken_text(text) and "**" not in spoken_text(text)
    assert length(text, "en") == 11  # Call loss backward see the page and bold v T J


def test_chinese_counts_characters_and_each_english_word_once() -> None:
    assert length("反向传播", "zh") == 4
    assert length("调用 `loss.backward()` 之后，[释放](../a.md#b)。", "zh") == 2 + 2 + 2 + 2
    assert length("同一句 English words here。", "zh") == 3 + 3


def test_the_bounds_follow_the_speaking_time() -> None:
    assert BOUNDS["30s", "en"].admits(70) and not BOUNDS["30s", "en"].admits(91)
    assert BOUNDS["90s", "zh"].admits(400) and not BOUNDS["90s", "zh"].admits(319)
    for language in ("en", "zh"):
        assert BOUNDS["30s", language].high < BOUNDS["90s", language].low
        assert BOUNDS["90s", language].high < BOUNDS["full", language].low
