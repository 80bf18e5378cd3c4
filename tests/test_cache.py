"""``cache``: the content-addressed store of results."""

from __future__ import annotations

import json
from pathlib import Path

from fieldguide.engine.cache import Cache


def test_cache_round_trip_and_misses(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "c")
    key = "ab" + "0" * 62
    assert cache.get(key) is None
    cache.put(key, {"output": "x\n"})
    assert cache.get(key) == {"output": "x\n", "key": key}
    path = tmp_path / "c" / "ab" / f"{key}.json"
    assert json.loads(path.read_text())["key"] == key
    other = "ab" + "1" * 62
    path.rename(path.with_name(f"{other}.json"))  # an entry filed under the wrong name
    assert cache.get(other) is None
