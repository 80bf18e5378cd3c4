"""``Settings.resolve``: an explicit value, then the environment, then the default."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fieldguide.engine.settings import DEFAULT_TIMEOUT, Settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SNIPPETS_CACHE_DIR", "SNIPPETS_JOBS", "SNIPPETS_TIMEOUT", "SNIPPETS_EXECUTE"):
        monkeypatch.delenv(name, raising=False)


def test_defaults(tmp_path: Path) -> None:
    settings = Settings.resolve(tmp_path)
    assert settings.cache_dir == tmp_path.resolve() / ".cache" / "snippets"
    assert settings.docs_dir == tmp_path.resolve() / "docs"
    assert settings.snippets_dir == tmp_path.resolve() / "snippets"
    assert (settings.jobs, settings.timeout, settings.execute) == (
        os.cpu_count() or 1,
        DEFAULT_TIMEOUT,
        True,
    )


def test_the_environment_overrides_the_defaults(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SNIPPETS_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("SNIPPETS_JOBS", "3")
    monkeypatch.setenv("SNIPPETS_TIMEOUT", "2.5")
    monkeypatch.setenv("SNIPPETS_EXECUTE", "0")
    settings = Settings.resolve(tmp_path)
    assert (settings.cache_dir, settings.jobs, settings.timeout, settings.execute) == (
        tmp_path / "c",
        3,
        2.5,
        False,
    )


def test_explicit_values_override_the_environment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SNIPPETS_JOBS", "3")
    monkeypatch.setenv("SNIPPETS_EXECUTE", "0")
    settings = Settings.resolve(tmp_path, jobs=1, execute=True, docs_dir=tmp_path / "pages")
    assert (settings.jobs, settings.execute, settings.docs_dir) == (
        1,
        True,
        (tmp_path / "pages").resolve(),
    )


@pytest.mark.parametrize("value", ["0", "-1", "many"])
def test_a_bad_number_in_the_environment_is_refused_by_name(
    value: str, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("SNIPPETS_TIMEOUT", value)
    with pytest.raises(ValueError, match=f"SNIPPETS_TIMEOUT={value!r}: expected a positive number"):
        Settings.resolve(tmp_path)
