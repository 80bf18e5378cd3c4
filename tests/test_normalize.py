"""``normalize``: what is machine-specific in an output, and measured values."""

from __future__ import annotations

import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest
from fieldkit import measured
from hypothesis import given
from hypothesis import strategies as st

from fieldguide.engine import normalize as normalize_module
from fieldguide.engine.normalize import (
    MEASURED_PLACEHOLDER,
    for_display,
    for_snapshot,
    normalize,
)


def test_normalize_paths_and_addresses() -> None:
    root = Path("/srv/checkout")
    site = sysconfig.get_paths()["purelib"]
    stdlib = sysconfig.get_paths()["stdlib"]
    temp = tempfile.gettempdir()
    raw = "\n".join(
        [
            "/srv/checkout/snippets/t/a.py",
            f"{site}/torch/autograd/__init__.py",
            f"{stdlib}/json/decoder.py",
            f"{Path.home()}/notes.txt",
            f"{temp}/tmpab_12.x/data",
            "<Node at 0x7f3a5c2b1d90> 0xdeadbeef 0x1f",
        ]
    )
    assert normalize(raw, root).splitlines() == [
        "snippets/t/a.py",
        "<site-packages>/torch/autograd/__init__.py",
        "<python>/json/decoder.py",
        "~/notes.txt",
        "<tmp>/data",
        "<Node at 0x…> 0xdeadbeef 0x1f",  # 8 hex digits not after "at ": data, kept
    ]


def test_the_longest_prefix_wins() -> None:
    root = Path.home() / "work" / "guide"
    assert normalize(f"{root}/snippets/a.py and {Path.home()}/x", root) == "snippets/a.py and ~/x"


def test_extra_rules() -> None:
    assert normalize("/tmp/xyz/fig/a.svg", Path("/r"), {"/tmp/xyz/fig": "<figures>"}) == (
        "<figures>/a.svg"
    )


@given(
    st.text(alphabet=st.characters(blacklist_characters="\u27ea\u27eb\n\r"), max_size=40),
    st.text(max_size=20),
    st.text(max_size=20),
)
def test_measured_values_round_trip(value: str, before: str, after: str) -> None:
    before, after = (s.replace("\u27ea", "").replace("\u27eb", "") for s in (before, after))
    printed = f"{before}{measured(value)}{after}"
    assert for_display(printed) == f"{before}{value}{after}"
    assert for_snapshot(printed) == f"{before}{MEASURED_PLACEHOLDER}{after}"


def test_measured_rejects_markers() -> None:
    with pytest.raises(ValueError):
        measured("\u27ea1\u27eb")


def test_a_site_packages_folder_on_the_path_is_normalized(monkeypatch: pytest.MonkeyPatch) -> None:
    """One a .pth file added (another environment's packages) reads as <site-packages> too."""
    monkeypatch.setattr(sys, "path", [*sys.path, "/elsewhere/lib/python3.11/site-packages"])
    normalize_module._machine_paths.cache_clear()
    text = "/elsewhere/lib/python3.11/site-packages/torch/x.py:1: UserWarning\n"
    assert normalize(text, Path("/repo")) == "<site-packages>/torch/x.py:1: UserWarning\n"
    normalize_module._machine_paths.cache_clear()
