"""How the engine judges a snippet that raises, hangs, crashes or exits."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from pathlib import Path

import pytest
from fixtures.snippet_repo import Repo, line_of, process_gone, wait_until

from fieldguide.engine import child, runner


# -- expected exceptions ----------------------------------------------------------------------
def test_expected_exception_is_shown_as_output(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/expected.py",
        """
        # snippet: raises=RuntimeError
        print("before the error")
        raise RuntimeError("trying to backward through the graph a second time")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None
    assert outcome.output == (
        "before the error\nRuntimeError: trying to backward through the graph a second time\n"
    )


def test_expected_exception_after_output_without_newline(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/expected.py",
        """
        # snippet: raises=RuntimeError
        print("partial", end="")
        raise RuntimeError("boom")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None
    assert outcome.output.splitlines() == ["partial", "RuntimeError: boom"]


def test_expected_exception_not_raised_is_an_error(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/calm.py",
        """
        # snippet: raises=RuntimeError
        print("all fine")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert outcome.error.startswith(f"{rel}:")
    assert "RuntimeError" in outcome.error
    assert "finished without raising" in outcome.error


def test_expected_exception_of_another_type_is_an_error(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/other.py",
        """
        # snippet: raises=RuntimeError
        values = {}
        print("looking up")
        values["missing"] = int("not a number")
    """,
    )
    outcome = repo.run_one(rel)
    line = line_of(repo.read(rel), 'int("not a number")')
    assert outcome.error is not None
    assert outcome.error.startswith(f"{rel}:{line}: ")
    assert "expected RuntimeError" in outcome.error
    assert "ValueError: invalid literal for int()" in outcome.error
    assert "Traceback" in outcome.details


@pytest.mark.parametrize(
    ("declared", "raised"),
    [
        ("Exception", 'ValueError("boom")'),
        ("LookupError", 'KeyError("k")'),
        ("builtins.ValueError", 'ValueError("boom")'),
        ("ArithmeticError", "ZeroDivisionError('division by zero')"),
    ],
)
def test_expected_exception_matches_base_classes(repo: Repo, declared: str, raised: str) -> None:
    rel = repo.write(
        "snippets/t/sub.py",
        f"""
        # snippet: raises={declared}
        raise {raised}
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    exc_type = raised.split("(")[0]
    assert outcome.output.splitlines()[-1].startswith(f"{exc_type}: ")


def test_expected_exception_defined_in_the_snippet(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/custom.py",
        """
        # snippet: raises=GraphFreedError
        class GraphFreedError(RuntimeError):
            pass

        raise GraphFreedError("saved tensors were freed")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.output.endswith("GraphFreedError: saved tensors were freed\n")


def test_declared_name_must_be_a_whole_class_name(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/partial.py",
        """
        # snippet: raises=Error
        raise ValueError("a ValueError is not an 'Error'")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert "expected Error, got ValueError" in outcome.error


# -- unexpected exceptions --------------------------------------------------------------------
def test_unexpected_exception_names_snippet_and_line(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/bad.py",
        """
        def check(x):
            if x > 1:
                raise ValueError(f"x too big: {x}")
            return x


        print(check(1))
        print(check(2))
    """,
    )
    outcome = repo.run_one(rel)
    line = line_of(repo.read(rel), "raise ValueError")
    assert outcome.error == f"{rel}:{line}: ValueError: x too big: 2"
    assert outcome.output == "1\n"
    assert "Traceback (most recent call last)" in outcome.details
    assert str(repo.root) not in outcome.details


def test_exception_in_a_helper_points_at_the_snippet_line(repo: Repo) -> None:
    repo.write("snippets/helperpkg/__init__.py", "")
    repo.write(
        "snippets/helperpkg/boom.py",
        """
        def explode():
            raise KeyError("no such node")
    """,
    )
    rel = repo.write(
        "snippets/t/calls_helper.py",
        """
        from helperpkg.boom import explode

        print("calling")
        explode()
    """,
    )
    outcome = repo.run_one(rel)
    line = line_of(repo.read(rel), "explode()")
    assert outcome.error == f"{rel}:{line}: KeyError: 'no such node'"
    assert "snippets/helperpkg/boom.py" in outcome.details


def test_syntax_error_and_bad_directive_are_reported(repo: Repo) -> None:
    broken = repo.write(
        "snippets/t/broken.py",
        """
        x = 1
        print(x
    """,
    )
    unknown = repo.write(
        "snippets/t/unknown.py",
        """
        # snippet: retries=3
        print("hi")
    """,
    )
    outcomes = repo.run(broken, unknown)
    assert outcomes[broken].error is not None
    assert outcomes[broken].error.startswith(f"{broken}:2: SyntaxError")
    assert outcomes[unknown].error is not None
    assert outcomes[unknown].error.startswith(f"{unknown}:1: unknown directive 'retries=3'")


# -- hangs and time limits --------------------------------------------------------------------
def test_timeout_kills_snippet_and_its_children(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/hang.py",
        """
        # snippet: timeout=2
        import subprocess

        sleeper = subprocess.Popen(["sleep", "300"])
        with open("@side/sleeper.pid", "w") as handle:
            handle.write(str(sleeper.pid))
        print("started a child", flush=True)
        while True: pass
    """,
    )
    try:
        outcome = repo.run_one(rel)
        pid = int((repo.side / "sleeper.pid").read_text())
        line = line_of(repo.read(rel), "while True")
        assert outcome.error is not None
        assert outcome.error.startswith(f"{rel}:{line}: timed out after 2 s")
        assert "started a child" in outcome.output
        assert wait_until(lambda: process_gone(pid)), f"child {pid} of a hung snippet survived"
    finally:
        pid_file = repo.side / "sleeper.pid"
        if pid_file.is_file() and not process_gone(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


def test_processes_left_running_by_a_finished_snippet_are_killed(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/leaves_child.py",
        """
        import subprocess

        sleeper = subprocess.Popen(["sleep", "300"])
        with open("@side/sleeper.pid", "w") as handle:
            handle.write(str(sleeper.pid))
        print("done")
    """,
    )
    try:
        outcome = repo.run_one(rel)
        assert outcome.error is None
        assert outcome.output == "done\n"
        pid = int((repo.side / "sleeper.pid").read_text())
        assert wait_until(lambda: process_gone(pid)), f"child {pid} outlived its snippet"
    finally:
        pid_file = repo.side / "sleeper.pid"
        if pid_file.is_file() and not process_gone(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


def test_a_caller_that_stops_early_leaves_no_snippet_running(repo: Repo) -> None:
    """Closing the runner (its caller failed) kills what is still running at once, instead of
    waiting for the snippet's time limit."""
    quick = repo.write("snippets/t/quick.py", 'print("quick")\n')
    slow = repo.write(
        "snippets/t/slow.py",
        """
        import os
        import time

        with open("@side/slow.pid", "w") as handle:
            handle.write(str(os.getpid()))
        time.sleep(3600)
    """,
    )
    jobs = [runner.Job(rel, repo.root / rel, 3600.0, 1) for rel in (quick, slow)]
    runs = runner.run_jobs(jobs, repo.root, 2, ["torch"])
    try:
        assert next(runs).rel == quick
        assert wait_until(lambda: (repo.side / "slow.pid").is_file(), limit=60)
        closing = threading.Thread(target=runs.close)
        closing.start()
        closing.join(timeout=60)  # far below the snippet's hour: only a kill ends it this soon
        assert not closing.is_alive(), "closing the runner waited for the running snippet"
        assert wait_until(lambda: process_gone(int((repo.side / "slow.pid").read_text())))
    finally:
        pid_file = repo.side / "slow.pid"
        if pid_file.is_file() and not process_gone(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


# -- crashes and exits ------------------------------------------------------------------------
def test_crashes_and_exits_are_errors_and_spare_the_batch(repo: Repo) -> None:
    segv = repo.write(
        "snippets/t/segv.py",
        """
        import ctypes

        print("about to crash", flush=True)
        ctypes.string_at(0)
    """,
    )
    hard_exit = repo.write(
        "snippets/t/hard_exit.py",
        """
        import os

        print("leaving", flush=True)
        os._exit(3)
    """,
    )
    sys_exit = repo.write(
        "snippets/t/sys_exit.py",
        """
        import sys

        sys.exit(3)
    """,
    )
    exit_message = repo.write(
        "snippets/t/exit_message.py",
        """
        raise SystemExit("giving up")
    """,
    )
    clean_exit = repo.write(
        "snippets/t/clean_exit.py",
        """
        import sys

        print("bye")
        sys.exit(0)
    """,
    )
    good_a = repo.write("snippets/t/good_a.py", "print(sum(range(10)))\n")
    good_b = repo.write("snippets/t/good_b.py", "print('-'.join(['grad', 'fn']))\n")
    outcomes = repo.run(segv, good_a, hard_exit, sys_exit, exit_message, good_b, clean_exit)

    line = line_of(repo.read(segv), "string_at")
    assert outcomes[segv].error == f"{segv}:{line}: crashed with SIGSEGV"
    assert "about to crash" in outcomes[segv].details
    assert outcomes[hard_exit].error is not None
    assert outcomes[hard_exit].error.startswith(f"{hard_exit}:")
    assert "exited with status 3" in outcomes[hard_exit].error
    assert "leaving" in outcomes[hard_exit].details
    assert outcomes[sys_exit].error is not None
    assert outcomes[sys_exit].error.startswith(f"{sys_exit}:")
    assert "exited with status 3" in outcomes[sys_exit].error
    assert outcomes[exit_message].error is not None
    assert outcomes[exit_message].error.startswith(f"{exit_message}:")
    assert "exited with status 1" in outcomes[exit_message].error

    # sys.exit(0) midway ends the run early: the rest of the snippet never ran
    assert outcomes[clean_exit].error == (
        f"{clean_exit}:4: exited early with SystemExit: 0, which counts as a failure: a "
        "snippet runs to its last line (declare `# snippet: raises=SystemExit` if exiting is "
        "the point)"
    )
    assert outcomes[clean_exit].details == "bye\n"
    assert outcomes[good_a].error is None
    assert outcomes[good_a].output == f"{sum(range(10))}\n"
    assert outcomes[good_b].error is None
    assert outcomes[good_b].output == "grad-fn\n"


def test_many_short_snippets_each_get_their_own_exit_status(repo: Repo) -> None:
    """Processes started and reaped from parallel slots: no slot may read another's status."""
    rels = [
        repo.write(
            f"snippets/t/quick{n:02d}.py",
            f"import sys\nprint({n})\n" + ("sys.exit(3)\n" if n % 2 else ""),
        )
        for n in range(120)
    ]
    outcomes = repo.run(*rels, jobs=3)
    for n, rel in enumerate(rels):
        assert outcomes[rel].output == f"{n}\n"
        if n % 2:
            assert outcomes[rel].error == (f"{rel}:3: exited with status 3 instead of finishing"), (
                outcomes[rel].error
            )
        else:
            assert outcomes[rel].error is None, outcomes[rel].error


def test_missing_snippet_is_an_error(repo: Repo) -> None:
    outcome = repo.run_one("snippets/t/nope.py")
    assert outcome.error is not None
    assert "snippets/t/nope.py" in outcome.error
    assert "not found" in outcome.error


def test_outcomes_come_back_in_request_order(repo: Repo) -> None:
    rels = [repo.write(f"snippets/t/s{i}.py", f"print({i} * {i})\n") for i in (3, 1, 2)]
    outcomes = repo.run(*rels, rels[0])
    assert list(outcomes) == rels
    assert [o.output for o in outcomes.values()] == [f"{i * i}\n" for i in (3, 1, 2)]


def test_not_executing_reports_placeholders(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/side_effect.py",
        """
        with open("@side/ran.txt", "a") as handle:
            handle.write("ran\\n")
    """,
    )
    outcome = repo.run_one(rel, execute=False)
    assert outcome.error is None
    assert outcome.output == "(not executed)\n"
    assert not Path(repo.side / "ran.txt").exists()


def test_syntax_error_in_an_imported_helper_names_the_helper(repo: Repo) -> None:
    repo.write("snippets/shaky/__init__.py", "def f(:\n    pass\n")
    rel = repo.write("snippets/t/uses_shaky.py", "import shaky\nprint(shaky)\n")
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert outcome.error.startswith("snippets/shaky/__init__.py:1: SyntaxError")
    assert "(imported by snippets/t/uses_shaky.py)" in outcome.error


def test_sys_exit_with_a_message_shows_it(repo: Repo) -> None:
    rel = repo.write("snippets/t/quits.py", "import sys\nsys.exit('configuration missing')\n")
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert "configuration missing" in outcome.error


class _Process:
    """A stand-in for a process: its sentinel is the read end of a pipe, ready once ended."""

    def __init__(self, ended: bool) -> None:
        self.sentinel, write = os.pipe()
        if ended:
            os.close(write)


def test_a_told_status_is_read_and_an_ending_without_one_is_not() -> None:
    told, telling = multiprocessing.Pipe(duplex=False)
    os.write(telling.fileno(), child.STATUS.pack(3))
    assert runner._told(told, _Process(ended=False), timeout=5) == 3
    told, telling = multiprocessing.Pipe(duplex=False)
    os.write(telling.fileno(), b"x")  # not the child's word
    assert runner._told(told, _Process(ended=False), timeout=5) is None
    told, telling = multiprocessing.Pipe(duplex=False)
    telling.close()  # it ended (a crash) without a word
    assert runner._told(told, _Process(ended=True), timeout=5) is None
    told, telling = multiprocessing.Pipe(duplex=False)  # still running, nothing said yet
    assert runner._told(told, _Process(ended=False), timeout=0.1) is None


def test_two_server_starts_at_once_leave_the_environment_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each edition of a site build starts the server from its own thread; the environment the
    # server inherits is set only for the start.
    monkeypatch.delenv("TMPDIR", raising=False)
    first_inside = threading.Event()
    seen: list[str | None] = []

    def slow_start() -> None:
        seen.append(os.environ.get("TMPDIR"))
        first_inside.set()
        threading.Event().wait(0.3)  # a start takes a while: the other thread comes meanwhile

    monkeypatch.setattr(multiprocessing.forkserver, "ensure_running", slow_start)
    monkeypatch.setattr(multiprocessing, "set_forkserver_preload", lambda modules: None)
    starts = [
        threading.Thread(target=runner.start_server, args=([], {"TMPDIR": f"/tmp/server-{n}"}))
        for n in (1, 2)
    ]
    starts[0].start()
    assert first_inside.wait(10)
    starts[1].start()
    for thread in starts:
        thread.join(10)
    assert sorted(seen, key=str) == ["/tmp/server-1", "/tmp/server-2"]
    assert "TMPDIR" not in os.environ


def test_a_flood_of_output_is_stopped_at_the_limit_naming_the_snippet(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/flood.py",
        """
        import sys

        while True:
            sys.stdout.write("x" * 999 + "\\n")
    """,
    )
    outcome = repo.run_one(rel, output_limit=200_000)
    assert outcome.error is not None
    assert outcome.error.startswith(
        f"{rel}:1: printed more than 200,000 bytes, the output limit (SNIPPETS_OUTPUT_LIMIT)"
    )
    assert outcome.duration < 20  # stopped, not left to its 60 s
    assert outcome.details.startswith("x" * 999 + "\n")
    assert len(outcome.details) < 3000  # the beginning of the flood, not all of it
    assert not repo.run_one(rel, output_limit=200_000).cached
