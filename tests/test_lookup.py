"""The forked lookup: the value comes back whole from another process, and every way the child
can fail gives ``None`` (the caller then looks up in its own process)."""

from __future__ import annotations

import os
import signal
import time

import pytest
from snippet_engine import lookup


def test_the_value_is_computed_in_another_process_and_comes_back_whole() -> None:
    big = "x" * (5 << 20)  # far more than a pipe holds at once
    child = lookup.start(lambda rels: (os.getpid(), [r + big for r in rels]), ["a", "b"])
    assert child is not None
    pid, value = child.result() or (None, None)
    assert pid == child.pid != os.getpid()
    assert value == ["a" + big, "b" + big]
    assert child.result() == (pid, value)  # asked again: the same, without another child


def raises(rels: list[str]) -> None:
    raise RuntimeError("broken")


def dies(rels: list[str]) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def exits(rels: list[str]) -> None:
    os._exit(0)  # ends without an answer


@pytest.mark.parametrize("work", [raises, dies, exits])
def test_a_child_that_fails_gives_none(work: object) -> None:
    child = lookup.start(work, ["a"])  # type: ignore[arg-type]
    assert child is not None
    assert child.result() is None


def test_a_child_past_the_limit_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookup, "LIMIT", 0.5)
    child = lookup.start(lambda rels: time.sleep(60), ["a"])
    assert child is not None
    started = time.monotonic()
    assert child.result() is None
    assert time.monotonic() - started < 30
    with pytest.raises(ProcessLookupError):  # stopped and reaped
        os.kill(child.pid, 0)


def test_trouble_reading_the_answer_gives_none_and_stops_the_child(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: object) -> bytes:
        raise ValueError("a descriptor the system cannot wait on")

    monkeypatch.setattr(lookup.Child, "_read", broken)
    child = lookup.start(lambda rels: time.sleep(60), ["a"])
    assert child is not None
    assert child.result() is None
    with pytest.raises(ProcessLookupError):
        os.kill(child.pid, 0)
