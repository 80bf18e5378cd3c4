"""``Settings.resolve``: an explicit value, then the environment, then the default."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fieldguide.engine.settings import DEFAULT_TIMEOUT, Settings, SettingsError


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "SNIPPETS_CACHE_DIR",
        "SNIPPETS_JOBS",
        "SNIPPETS_TIMEOUT",
        "SNIPPETS_EXECUTE",
        "SNIPPETS_OUTPUT_LIMIT",
    ):
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


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("SNIPPETS_TIMEOUT", "nan", "a positive number"),
        ("SNIPPETS_TIMEOUT", "inf", "a positive number"),
        ("SNIPPETS_JOBS", "2.5", "a positive whole number"),
        ("SNIPPETS_OUTPUT_LIMIT", "1MB", "a positive whole number"),
        ("SNIPPETS_EXECUTE", "no", "1 (run) or 0 (do not)"),
    ],
)
def test_a_value_a_setting_cannot_have_is_a_settings_error_naming_it(
    name: str, value: str, expected: str, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=re.escape(f"{name}={value!r}: expected {expected}")):
        Settings.resolve(tmp_path)


def test_the_command_line_says_what_is_wrong_in_one_line(tmp_path) -> None:
    env = {**os.environ, "SNIPPETS_JOBS": "two"}
    run = subprocess.run(
        [sys.executable, "-m", "fieldguide.engine", "check", "--root", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr == "error: SNIPPETS_JOBS='two': expected a positive whole number\n"


def test_the_output_limit_defaults_to_a_megabyte(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SNIPPETS_OUTPUT_LIMIT", raising=False)
    assert Settings.resolve(tmp_path).output_limit == 1_000_000
    monkeypatch.setenv("SNIPPETS_OUTPUT_LIMIT", "5000")
    assert Settings.resolve(tmp_path).output_limit == 5000
