"""The snapshot comparison: printed floats may move by a unit in their last digit between CPUs;
everything else (text, integers, shapes, dtypes, messages, names) must be identical."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fieldguide.engine.compare import Number, aligned, lines_match, same_result, split


@pytest.mark.parametrize(
    ("committed", "this_run"),
    [
        ("max abs difference 5.2e-06", "max abs difference 5.3e-06"),
        ("loss 0.1234", "loss 0.1235"),
        ("tensor([ 0.1234, -1.0000])", "tensor([ 0.1233, -0.9999])"),
        ("1.0000e+00", "9.9999e-01"),  # the last digit crosses a power of ten
        ("9.99", "10.00"),
        ("took 1.5.", "took 1.6."),  # a number ending a sentence
        ("-0.0000", "0.0000"),
    ],
)
def test_a_unit_in_the_last_printed_digit_is_the_same_result(committed: str, this_run: str) -> None:
    assert lines_match(committed, this_run)


@pytest.mark.parametrize(
    ("committed", "this_run"),
    [
        ("max abs difference 5.2e-06", "max abs difference 5.4e-06"),  # two units
        ("grad tensor([2.0000, 4.0000])", "grad tensor([2.0000, 4.5000])"),  # a wrong gradient
        ("tensor([2., 4.])", "tensor([2., 5.])"),  # whole-valued floats are exact
        ("69,696 bytes", "69,697 bytes"),  # integers are exact
        ("torch.Size([3, 4])", "torch.Size([3, 5])"),  # shapes
        ("dtype=torch.float32", "dtype=torch.float64"),  # dtypes
        ("torch 2.13.0", "torch 2.13.1"),  # versions are text
        ("grad_fn=<MulBackward0>", "grad_fn=<MulBackward1>"),  # node names
        ("RuntimeError: one of the variables", "RuntimeError: one of the variable"),
        ("0.1234", "0.12340"),  # another printed precision is another format
        ("0.1234", "1.234e-01"),
        ("a 0.5 b", "a  0.5 b"),  # spacing is text
        ("x1.5", "x1.6"),  # inside a word: text
        ("0.5", "nan"),
    ],
)
def test_everything_else_must_be_identical(committed: str, this_run: str) -> None:
    assert not lines_match(committed, this_run)


def test_a_wider_tolerance_is_declared_in_units() -> None:
    assert not lines_match("5.2e-06", "5.5e-06")
    assert lines_match("5.2e-06", "5.5e-06", tolerance=3)
    assert not lines_match("5.2e-06", "5.6e-06", tolerance=3)


def test_tolerance_zero_compares_the_text() -> None:
    assert not lines_match("5.2e-06", "5.3e-06", tolerance=0)
    assert lines_match("5.2e-06", "5.2e-06", tolerance=0)


def test_whole_outputs_compare_line_by_line() -> None:
    committed = "step 1 loss 0.5000\nstep 2 loss 0.2500\n"
    assert same_result(committed, "step 1 loss 0.5001\nstep 2 loss 0.2499\n")
    assert not same_result(committed, "step 1 loss 0.5000\n")  # a line missing
    assert not same_result(committed, "step 1 loss 0.5000\nstep 2 loss 0.2500\nextra\n")
    assert not same_result(committed, committed.rstrip("\n"))  # the final newline is text


def test_a_diff_shows_only_the_real_changes() -> None:
    committed = "a 0.5000\nb 0.2500\n"
    assert list(aligned(committed, "a 0.5001\nb 0.9000\n")) == ["a 0.5000\n", "b 0.9000\n"]


def test_numbers_are_found_where_they_stand_alone() -> None:
    assert split("v2 at 2.13.0: 0x… -1.5e-03, 3.") == [
        "v2 at 2.13.0: 0x… ",
        "-1.5e-03",
        ", ",
        "3.",
        "",
    ]
    assert Number("5.2e-06").decimals == 1
    assert Number("2.").exact and Number("17").exact and not Number("1e-06").exact


@given(
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), st.integers(min_value=1, max_value=8)
)
def test_a_float_matches_itself_and_not_a_clearly_different_value(
    value: float, digits: int
) -> None:
    text = f"{value:.{digits}f}"
    assert lines_match(f"x = {text}", f"x = {text}")
    moved = f"{value + 3 * 10**-digits:.{digits}f}"
    assert not lines_match(f"x = {text}", f"x = {moved}")
