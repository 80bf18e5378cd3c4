"""``cache``: the content-addressed store of results."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from fieldguide.engine.cache import Cache
from fieldguide.engine.model import RunRecord

KEY = "ab" + "0" * 62
OTHER = "ab" + "1" * 62
RECORD = {"output": "x\n", "result": {"status": "ok"}}


def test_cache_round_trip_and_misses(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "c")
    assert cache.get(KEY) is None
    cache.put(KEY, RECORD)
    assert cache.get(KEY, RunRecord.from_json) == RECORD
    path = tmp_path / "c" / "ab" / f"{KEY}.json"
    assert json.loads(path.read_text())["key"] == KEY


def _bad_entries(cache: Cache, path: Path) -> dict[str, bytes]:
    """Ways an entry's file goes wrong: each must be caught, not served."""
    cache.put(OTHER, {"output": "another snippet's\n", "result": {"status": "ok"}})
    other = path.with_name(f"{OTHER}.json").read_bytes()
    good = json.loads(path.read_text())
    edited = {**good, "record": {**good["record"], "output": "tampered\n"}}
    shapeless = {"key": KEY, "record": {"output": 3}}
    from fieldguide.engine.cache import _digest

    shapeless["sha256"] = _digest(KEY, shapeless["record"])
    return {
        "truncated": path.read_bytes()[:40],
        "empty object": b"{}",
        "another entry copied over": other,
        "edited output": json.dumps(edited).encode(),
        "malformed record": json.dumps(shapeless).encode(),
        "binary": b"\xff\xfe\x00",
    }


@pytest.mark.parametrize(
    "case",
    [
        "truncated",
        "empty object",
        "another entry copied over",
        "edited output",
        "malformed record",
        "binary",
    ],
)
def test_a_bad_entry_is_a_miss_with_one_warning_naming_its_file(
    tmp_path: Path, case: str, caplog: pytest.LogCaptureFixture
) -> None:
    cache = Cache(tmp_path / "c")
    cache.put(KEY, RECORD)
    path = tmp_path / "c" / "ab" / f"{KEY}.json"
    path.write_bytes(_bad_entries(cache, path)[case])
    with caplog.at_level(logging.WARNING, logger="fieldguide.engine"):
        assert cache.get(KEY, RunRecord.from_json) is None
        assert cache.get(KEY, RunRecord.from_json) is None  # looked up again: no second warning
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1, warnings
    assert str(path) in warnings[0] and "runs again" in warnings[0]
    assert not path.exists()  # removed: the recomputed result takes its place
    cache.put(KEY, RECORD)
    assert cache.get(KEY, RunRecord.from_json) == RECORD
