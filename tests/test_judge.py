"""``judge``: how a run ended, against what its snippet declares. Records are built by hand:
no process runs here."""

from __future__ import annotations

import pytest

from fieldguide.engine.judge import declared, dumped_line, judge
from fieldguide.engine.model import Raised, RunRecord, RunResult
from fieldguide.engine.spec import Snippet

REL = "snippets/t/a.py"


def snippet(raises: str | None = None, tolerance: int = 1) -> Snippet:
    return Snippet(REL, source="", raises=raises, tolerance=tolerance)


def raised(summary: str, *types: str, line: int = 3) -> Raised:
    return Raised(
        types or ("builtins.RuntimeError", "builtins.Exception"),
        summary,
        f"Traceback (most recent call last):\n{summary}\n",
        line,
    )


def outcome(result: RunResult, output: str = "", raises: str | None = None, **kwargs: object):
    record = RunRecord(output, result, figures={"g": "<svg/>"}, duration=1.5)
    return judge(snippet(raises), record, cached=bool(kwargs.get("cached")), timeout=60)


def test_a_finished_run_is_good_and_keeps_what_it_printed() -> None:
    got = outcome(RunResult("ok", cpu="AVX2"), "x = 1\n", cached=True)
    assert (got.error, got.output, got.raised, got.cpu) == (None, "x = 1\n", None, "AVX2")
    assert (got.figures, got.duration, got.cached) == ({"g": "<svg/>"}, 1.5, True)


@pytest.mark.parametrize("declared_as", ["RuntimeError", "builtins.RuntimeError", "Exception"])
def test_the_declared_exception_is_shown_after_the_output(declared_as: str) -> None:
    got = outcome(RunResult("raised", raised("RuntimeError: boom")), "before", declared_as)
    assert got.error is None
    assert got.output == "before\nRuntimeError: boom\n"
    assert got.raised == "RuntimeError: boom"


def test_another_exception_is_an_error_at_its_line_with_what_was_printed() -> None:
    got = outcome(
        RunResult("raised", raised("KeyError: 'x'", "builtins.KeyError")),
        "so far\n",
        "RuntimeError",
    )
    assert got.error == f"{REL}:3: expected RuntimeError, got KeyError: 'x'"
    assert got.details.startswith("so far\n\nTraceback")


def test_an_undeclared_exception_outside_the_script_is_reported_at_line_one() -> None:
    got = outcome(RunResult("raised", raised("ValueError: v", line=0)))
    assert got.error == f"{REL}:1: ValueError: v"


def test_finishing_where_an_exception_is_declared_is_an_error() -> None:
    got = outcome(RunResult("ok"), raises="RuntimeError")
    assert got.error == f"{REL}:1: expected RuntimeError, but the snippet finished without raising"


def test_sys_exit_counts_only_where_it_is_declared() -> None:
    exit_zero = RunResult("ok", raised("SystemExit: 0", "builtins.SystemExit"))
    error = outcome(exit_zero).error  # sys.exit(0) midway: what follows it never ran
    assert error is not None and error.startswith(f"{REL}:")
    assert "exited early with SystemExit: 0" in error
    assert outcome(exit_zero, raises="SystemExit").raised == "SystemExit: 0"
    exit_two = RunResult(
        "exit", raised("SystemExit: 2", "builtins.SystemExit"), code=2, message="2", line=7
    )
    assert outcome(exit_two).error == f"{REL}:7: exited with status 2 instead of finishing"
    assert outcome(exit_two, raises="SystemExit").error is None


def test_an_exit_says_why_when_the_message_is_not_the_status() -> None:
    got = outcome(RunResult("exit", code=1, message="os._exit(1) ended the process", line=4))
    assert got.error == (
        f"{REL}:4: exited with status 1 instead of finishing: os._exit(1) ended the process"
    )
    assert outcome(RunResult("exit", code=9)).error == (
        f"{REL}:1: exited with status 9 instead of finishing"
    )


def test_a_timeout_names_the_line_it_was_stuck_on() -> None:
    dump = f'Thread 0x1 (most recent call first):\n  File "{REL}", line 12 in <module>\n'
    got = outcome(RunResult("timeout"), dump)
    assert got.error is not None and got.error.startswith(f"{REL}:12: timed out after 60 s")
    assert got.details == dump


def test_a_crash_names_its_signal() -> None:
    got = outcome(RunResult("signal", signal="SIGSEGV"))
    assert got.error == f"{REL}:1: crashed with SIGSEGV"


def test_declared_matches_a_class_or_a_base_by_full_or_last_name() -> None:
    error = raised("x", "torch._dynamo.exc.Unsupported", "builtins.RuntimeError")
    assert declared("Unsupported", error) and declared("torch._dynamo.exc.Unsupported", error)
    assert declared("RuntimeError", error)
    assert not declared("ValueError", error) and not declared(None, error)


def test_dumped_line_takes_the_innermost_frame_of_the_snippet() -> None:
    dump = f'  File "other.py", line 99 in f\n  File "{REL}", line 5 in g\n  File "{REL}", line 9'
    assert dumped_line(dump, REL) == 5
    assert dumped_line("no dump", REL) == 1


def test_records_survive_json_and_reject_unknown_statuses() -> None:
    record = RunRecord(
        "out\n",
        RunResult(
            "exit",
            raised("SystemExit: 3", "builtins.SystemExit"),
            code=3,
            message="3",
            line=2,
            cpu="AVX512",
            inputs=("data.txt",),
        ),
        inputs={"data.txt": "abc"},
        notebook=None,
    )
    assert RunRecord.from_json(record.to_json()) == record
    with pytest.raises(ValueError, match="unknown run status 'finished'"):
        RunResult("finished")  # type: ignore[arg-type]
