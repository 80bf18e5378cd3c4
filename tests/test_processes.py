"""The engine under faults: nothing stale, nothing left running, nothing outside the repository.

Each fault is a tiny snippet in a throwaway repository; each test failed before the engine
handled its fault.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import py_compile
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fixtures.snippet_repo import (
    SUBPROCESS_LIMIT,
    Repo,
    line_of,
    output_blocks,
    process_gone,
    tool_env,
    wait_until,
)

from fieldguide.engine import Outcome, processes, runner
from fieldguide.engine.normalize import normalize

LINUX = sys.platform.startswith("linux")


# -- 1. failures are not replayed -------------------------------------------------------------
@pytest.mark.parametrize(
    "failure",
    [
        'raise ValueError("flaky")',
        "import os; os.kill(os.getpid(), 9)",
        "raise SystemExit(3)",
        "while True: pass",
    ],
)
def test_a_failure_is_never_served_from_the_cache(repo: Repo, failure: str) -> None:
    rel = repo.write(
        "snippets/t/fails.py",
        f"""
        # snippet: timeout=1
        with open("@side/runs.count", "a") as counter:
            counter.write("ran\\n")
        {failure}
    """,
    )
    assert repo.run_one(rel).error is not None
    again = repo.run_one(rel)
    assert again.error is not None and not again.cached
    assert repo.count("runs.count") == 2


def test_a_declared_exception_is_cached(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/declared.py",
        """
        # snippet: raises=ValueError
        with open("@side/runs.count", "a") as counter:
            counter.write("ran\\n")
        raise ValueError("as declared")
    """,
    )
    assert repo.run_one(rel).error is None
    assert repo.run_one(rel).cached
    assert repo.count("runs.count") == 1


# -- 2. nothing outlives a snippet or a build -------------------------------------------------
SESSION_CHILD = """
    import subprocess

    escapee = subprocess.Popen(["sleep", "300"], start_new_session=True)
    with open("@side/escapee.pid", "w") as handle:
        handle.write(str(escapee.pid))
    print("started", flush=True)
"""


@contextlib.contextmanager
def reaped(repo: Repo, *names: str) -> Iterator[None]:
    """Kill, after the test, any process whose pid a snippet wrote into one of ``names``."""
    try:
        yield
    finally:
        for name in names:
            path = repo.side / name
            if path.is_file():
                for text in path.read_text().split():
                    with contextlib.suppress(ProcessLookupError, ValueError):
                        os.kill(int(text), signal.SIGKILL)


@pytest.mark.skipif(not LINUX, reason="process trees are read from /proc")
@pytest.mark.parametrize("ending", ["", "while True: pass", "import os; os.kill(os.getpid(), 9)"])
def test_a_child_in_a_new_session_does_not_outlive_its_snippet(repo: Repo, ending: str) -> None:
    rel = repo.write(
        "snippets/t/escape.py",
        "# snippet: timeout=3\n" + textwrap.dedent(SESSION_CHILD) + ending + "\n",
    )
    with reaped(repo, "escapee.pid"):
        repo.run_one(rel)
        pid = int((repo.side / "escapee.pid").read_text())
        assert wait_until(lambda: process_gone(pid)), f"{pid} escaped in a new session"


def _subreaper() -> None:
    """Make this test process adopt orphans, so that what a killed build leaves is findable."""
    ctypes.CDLL(None).prctl(processes.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _started(pid: int) -> str | None:
    """When ``pid`` started (clock ticks since boot), or None if it is gone: with the pid, it
    names one process, even if the pid is used again later."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2 :].split()[19]


def _tree(pid: int) -> set[tuple[int, str | None]]:
    """``pid`` and every process below it now, each with its start time."""
    return {(p, _started(p)) for p in [pid, *processes.descendants(pid)]}


def _marked(mark: str) -> set[int]:
    """The processes whose environment, as they were started with it, holds ``mark``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                environ = (entry / "environ").read_bytes().split(b"\0")
            except OSError:  # gone meanwhile, or not this user's
                continue
            if mark.encode() in environ:
                found.add(int(entry.name))
    return found


def left_running(tree: set[tuple[int, str | None]], mark: str) -> set[int]:
    """What an interrupted build left running: the processes of its ``tree`` (taken before the
    signal), and any process started with the build's environment ``mark`` (one the engine
    started after that: snippets run with a restricted environment, but they are in the tree).

    Other processes below this one (the site build that the test run starts in the background)
    are neither: they come and go meanwhile, and only orphans of the build, re-parented to this
    process (a subreaper), are reaped here; a zombie does not count.
    """
    for pid, _ in tree:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    running = {pid for pid, began in tree if processes.alive(pid) and _started(pid) == began}
    return running | {pid for pid in _marked(mark) if processes.alive(pid)}


BUILD_SNIPPET = """
    # snippet: timeout=120
    import os
    import subprocess
    import time

    with open("@side/started.count", "a") as counter:
        counter.write(f"{os.getpid()}\\n")
    escapee = subprocess.Popen(["sleep", "300"], start_new_session=True)
    with open("@side/escapees.pid", "a") as handle:
        handle.write(f"{escapee.pid}\\n")
    time.sleep(300)
"""


def _interruptible() -> None:
    """Ctrl-C as a terminal delivers it, whatever started the tests: a command started in the
    background by a shell without job control (``make test &`` in a script) inherits SIGINT
    ignored, and Python then leaves it ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not LINUX, reason="process trees are read from /proc")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGKILL])
def test_an_interrupted_build_stops_at_once_and_leaves_nothing_running(
    repo: Repo, stop: signal.Signals
) -> None:
    _subreaper()
    rels = [repo.write(f"snippets/t/slow{n}.py", BUILD_SNIPPET) for n in range(6)]
    cmd = [
        sys.executable,
        "-m",
        "fieldguide.engine",
        "check",
        "--jobs",
        "2",
        "--root",
        str(repo.root),
        *rels,
    ]
    env = {**tool_env(), "SNIPPETS_CACHE_DIR": str(repo.cache)}
    with reaped(repo, "escapees.pid", "started.count"):
        build = subprocess.Popen(
            cmd,
            cwd=repo.root,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_interruptible,
        )
        assert wait_until(lambda: repo.count("started.count") == 2, limit=120)
        assert wait_until(lambda: repo.count("escapees.pid") == 2, limit=30)
        escapees = {int(pid) for pid in (repo.side / "escapees.pid").read_text().split()}
        tree = _tree(build.pid)  # the engine, its fork server, the snippets and their escapees
        assert {build.pid, *escapees} <= {pid for pid, _ in tree}
        mark = f"SNIPPETS_CACHE_DIR={repo.cache}"  # this test's own, in the engine's environment
        assert build.pid in _marked(mark)
        build.send_signal(stop)
        build.wait(timeout=60)
        assert wait_until(lambda: not left_running(tree, mark), limit=30), [
            Path(f"/proc/{p}/cmdline").read_bytes() for p in left_running(tree, mark)
        ]
        time.sleep(1)
        assert repo.count("started.count") == 2  # no snippet started after the signal
        assert not list(repo.cache.rglob("*.json"))  # and nothing was recorded


@pytest.mark.skipif(not LINUX, reason="the engine's scratch folder is named by its pid")
def _engine_run(repo: Repo, rel: str) -> subprocess.CompletedProcess[str]:
    """``python -m fieldguide.engine run rel`` in the repository, as a person runs it."""
    return subprocess.run(
        [sys.executable, "-m", "fieldguide.engine", "run", rel, "--root", str(repo.root)],
        cwd=repo.root,
        capture_output=True,
        text=True,
        env={**tool_env(), "SNIPPETS_CACHE_DIR": str(repo.cache)},
        timeout=SUBPROCESS_LIMIT,
        check=False,
    )


def test_a_build_leaves_no_scratch_folder(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/scratch.py",
        """
        import multiprocessing.util
        import os
        import tempfile

        print(tempfile.gettempdir().rsplit("/", 1)[-1].startswith("snippet-engine-"))
        print(os.path.isdir(multiprocessing.util.get_temp_dir()))
        with open("@side/tempdir.txt", "w") as handle:
            handle.write(tempfile.gettempdir())
    """,
    )
    system = Path(tempfile.gettempdir())
    stale = system / "snippet-engine-999999999"  # as if left by a build killed with -9
    stale.mkdir(exist_ok=True)
    # with the note of multiprocessing's socket folder it left in the system's temporary folder
    pymp = Path(tempfile.mkdtemp(prefix="pymp-", dir=system))
    (stale / runner.PYMP_NOTE).write_text(str(pymp), encoding="utf-8")
    run = _engine_run(repo, rel)
    assert run.returncode == 0, run.stderr
    assert "==> snippets/t/scratch.py\nTrue\nTrue\n" in run.stdout
    assert not Path((repo.side / "tempdir.txt").read_text()).exists()  # gone with the build
    assert not stale.exists()
    assert not pymp.exists()


def test_processes_a_snippet_forks_cost_no_warning_each(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/forks.py",
        """
        import subprocess

        # left running: killed as the snippet ends, then reaped by the fork server
        children = [subprocess.Popen(["sleep", "30"]) for _ in range(4)]
        print(len(children), "started")
    """,
    )
    run = _engine_run(repo, rel)
    assert run.returncode == 0, run.stderr
    assert "4 started" in run.stdout
    assert "Warning" not in run.stderr, run.stderr


# -- 3. directive values ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("directive", "complaint"),
    [
        ("timeout=inf", "timeout='inf': must be a number, more than 0 and at most 3600 seconds"),
        ("timeout=nan", "timeout='nan': must be a number"),
        ("timeout=-1", "timeout='-1': must be a number"),
        ("timeout=1e9", "timeout='1e9': must be a number"),
        ("timeout=0", "timeout='0': must be a number, more than 0"),
        ("threads=0", "threads='0': must be a whole number, 1 or more and at most 64"),
        ("threads=-2", "threads='-2': must be a whole number"),
        ("threads=1.5", "threads='1.5': must be a whole number"),
    ],
)
def test_bad_directive_values_name_the_line(repo: Repo, directive: str, complaint: str) -> None:
    rel = repo.write("snippets/t/bad.py", f'print("x")\n# snippet: {directive}\n')
    outcome = repo.run_one(rel)
    assert outcome.error == f"{rel}:2: {complaint}" or (
        outcome.error is not None and outcome.error.startswith(f"{rel}:2: {complaint}")
    )


# -- 4. only the repository's snippets run ----------------------------------------------------
def test_a_path_outside_the_snippets_folder_never_runs(repo: Repo, tmp_path: Path) -> None:
    evil = tmp_path / "evil.py"
    evil.write_text('open(__file__ + ".ran", "w").close()\n', encoding="utf-8")
    climbing = os.path.relpath(evil, repo.root)
    assert climbing.startswith("..")
    outcome = repo.run_one(f"snippets/{os.path.relpath(evil, repo.root / 'snippets')}")
    assert outcome.error is not None and "not inside snippets/" in outcome.error
    (repo.root / "snippets" / "t").mkdir(parents=True, exist_ok=True)
    (repo.root / "snippets" / "t" / "link.py").symlink_to(evil)
    assert "not inside snippets/" in (repo.run_one("snippets/t/link.py").error or "")
    assert not Path(f"{evil}.ran").exists()

    outside = os.path.relpath(evil, repo.root / "snippets")
    repo.page("index.md", f"# Page\n\n{{* snippets/{outside} *}}\n")
    built = repo.build()
    assert built.returncode == 1
    assert "(no `..`)" in built.stderr
    assert not Path(f"{evil}.ran").exists()


# -- 5. orphan snapshots fail the build -------------------------------------------------------
def test_an_orphan_snapshot_fails_the_strict_build(repo: Repo) -> None:
    repo.write("snippets/t/gone.out", "output of a deleted snippet\n")
    repo.page("index.md", "# Page\n")
    built = repo.build()
    assert built.returncode == 1
    assert "snippets/t/gone.out: snapshot of a snippet that no longer exists" in built.stderr


# -- 6. inputs a snippet reads ----------------------------------------------------------------
def test_editing_a_data_file_it_reads_runs_it_again(repo: Repo) -> None:
    repo.write("snippets/t/data.txt", "first\n")
    rel = repo.write(
        "snippets/t/reads.py",
        """
        from pathlib import Path

        print(Path(__file__).with_name("data.txt").read_text().strip())
        Path("written.txt").write_text("a file it writes is not an input")
    """,
    )
    assert repo.run_one(rel).output == "first\n"
    assert repo.run_one(rel).cached
    repo.write("snippets/t/data.txt", "second\n")
    edited = repo.run_one(rel)
    assert not edited.cached and edited.output == "second\n"
    assert repo.run_one(rel).cached  # the file it wrote does not make it run every time


def test_editing_a_module_imported_by_name_runs_it_again(repo: Repo) -> None:
    repo.write("snippets/dynpkg/__init__.py", "")
    repo.write("snippets/dynpkg/chosen.py", "VALUE = 1\n")
    rel = repo.write(
        "snippets/t/dynamic.py",
        """
        import importlib

        name = "dynpkg." + "chosen"
        print(importlib.import_module(name).VALUE)
    """,
    )
    assert repo.run_one(rel).output == "1\n"
    assert repo.run_one(rel).cached
    repo.write("snippets/dynpkg/chosen.py", "VALUE = 2\n")
    assert repo.run_one(rel).output == "2\n"


def test_a_module_imported_by_name_from_its_compiled_copy_is_an_input(repo: Repo) -> None:
    """A contributor who ran the snippet with plain ``python`` left ``__pycache__`` behind: the
    run then opens only the compiled copy, which stands for the source."""
    repo.write("snippets/dynpkg/__init__.py", "")
    source = repo.root / repo.write("snippets/dynpkg/chosen.py", "VALUE = 1\n")
    assert Path(py_compile.compile(str(source), doraise=True)).is_file()
    rel = repo.write(
        "snippets/t/dynamic.py",
        """
        import importlib

        print(importlib.import_module("dynpkg." + "chosen").VALUE)
    """,
    )
    assert repo.run_one(rel).output == "1\n"
    # (another size: Python itself trusts a compiled copy whose source kept its size and second)
    repo.write("snippets/dynpkg/chosen.py", "VALUE = 22\n")
    assert repo.run_one(rel).output == "22\n"


# -- 7. normalization, neither too wide nor too narrow ----------------------------------------
def test_data_in_hex_is_kept_and_the_checkout_is_hidden(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/hex.py",
        """
        import os
        import struct

        print(hex(struct.unpack("<I", struct.pack("<f", 1.0))[0]))
        print(object.__repr__(object()).split()[-1].startswith("0x"))
        print(f"<object at {id(object()):#x}>")
        print("cwd:", os.getcwd())
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.output == "0x3f800000\nTrue\n<object at 0x…>\ncwd: .\n"


def test_normalization_rules() -> None:
    root = Path("/work/repo")
    assert normalize("at 0x7f3a5c2b1d60 and 0xdeadbeef", root) == "at 0x… and 0xdeadbeef"
    assert normalize("<X object at 0x1a2b3c4>", root) == "<X object at 0x…>"
    assert normalize("/work/repo and /work/repo/a.py and /work/repository", root) == (
        ". and a.py and /work/repository"
    )


# -- 8. figures shown with plt.show() ---------------------------------------------------------
def test_a_figure_shown_with_plt_show_is_embedded(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/shown.py",
        """
        import matplotlib.pyplot as plt

        plt.plot([0, 1], [1, 0])
        plt.show()
        plt.figure()
        plt.bar([0, 1], [2, 3])
        plt.show()
        print("two figures")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert list(outcome.figures) == ["figure-1", "figure-2"]
    assert all(svg.startswith("<svg") for svg in outcome.figures.values())
    assert "non-interactive" not in outcome.output  # no warning that it was dropped
    assert repo.run_one(rel, fresh=True).figures == outcome.figures  # reproducible


# -- 9. the smaller ones ----------------------------------------------------------------------
def test_output_before_an_unexpected_exception_is_reported(repo: Repo) -> None:
    rel = repo.write("snippets/t/late.py", 'print("step 1 ok")\nraise ValueError("step 2")\n')
    outcome = repo.run_one(rel)
    assert outcome.error == f"{rel}:2: ValueError: step 2"
    assert outcome.details.startswith("step 1 ok\n\nTraceback")


def test_os_exit_names_its_line(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/hard.py",
        """
        import os

        print("before")
        os._exit(4)
    """,
    )
    outcome = repo.run_one(rel)
    line = line_of(repo.read(rel), "os._exit(4)")
    assert outcome.error == (
        f"{rel}:{line}: exited with status 4 instead of finishing: os._exit(4) ended the process"
    )
    zero = repo.run_one(repo.write("snippets/t/zero.py", "import os\n\nos._exit(0)\n"))
    assert zero.error is not None and zero.error.startswith("snippets/t/zero.py:3: exited")


def test_control_characters_are_visible_and_bad_bytes_escaped(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/control.py",
        r"""
        import sys

        print("nul[\0] bell[\a] esc[\x1b[31m]")
        sys.stdout.flush()
        sys.stdout.buffer.write(b"bad[\xff\xfe]\n")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.output == "nul[\u2400] bell[\u2407] esc[\u241b[31m]\nbad[\\xff\\xfe]\n"


@pytest.mark.parametrize("exit_call", ["sys.exit(2)", "sys.exit(0)", "sys.exit('usage: x')"])
def test_raises_system_exit_can_pass(repo: Repo, exit_call: str) -> None:
    rel = repo.write(
        "snippets/t/exits.py",
        f"""
        # snippet: raises=SystemExit
        import sys

        print("parsing arguments")
        {exit_call}
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.output.startswith("parsing arguments\nSystemExit")
    plain = repo.write("snippets/t/plain_exit.py", "import sys\nsys.exit(2)\n")
    assert repo.run_one(plain).error == f"{plain}:2: exited with status 2 instead of finishing"


def test_an_indented_code_block_is_a_problem(repo: Repo) -> None:
    repo.page(
        "index.md",
        """
        # Page

        Some text.

            import torch
            x = torch.ones(2)

        !!! note

            An admonition's text is indented, and is not code.
    """,
    )
    built = repo.build()
    assert built.returncode == 1
    assert "docs/index.md:5: indented code block" in built.stderr
    assert built.stderr.count("indented code block") == 1


def test_page_problems_of_an_untranslated_page_are_reported_once(repo: Repo) -> None:
    from test_plugin_editions import EDITIONS_YML

    (repo.root / "mkdocs.yml").write_text(EDITIONS_YML, encoding="utf-8")
    repo.page("index.md", "# Page\n\n```python\nx = 1\n```\n")  # no index.zh.md
    built = repo.build()
    assert built.returncode == 1
    assert built.stderr.count("docs/index.md:3: Python code block is neither") == 1


def test_outputs_still_reach_the_page(repo: Repo) -> None:
    """The fault handling leaves the ordinary path alone: a page still shows what ran."""
    rel = repo.write("snippets/t/fine.py", 'print("fine")\n')
    repo.record(rel)
    repo.page("index.md", f"# Page\n\n{{* {rel} show=output *}}\n")
    built = repo.build()
    assert built.returncode == 0, built.stderr
    assert output_blocks(repo.site_html()) == ["fine\n"]


def test_a_snippet_whose_files_change_while_it_runs_is_not_cached(repo: Repo) -> None:
    """The key is made from the files as planned; a file edited during the run (an editor
    saving while a build runs) must not leave the new output stored under the old key."""
    repo.write("snippets/editpkg/__init__.py", "")
    repo.write("snippets/editpkg/value.py", "VALUE = 1\n")
    rel = repo.write(
        "snippets/t/edited.py",
        """
        import time
        from pathlib import Path

        side = Path("@side/")
        (side / "started").touch()
        while not (side / "edited").exists():  # the module is edited meanwhile
            time.sleep(0.05)
        import editpkg.value

        print(editpkg.value.VALUE)
    """,
    )
    ran: dict[str, Outcome] = {}
    build = threading.Thread(target=lambda: ran.update(first=repo.run_one(rel)))
    build.start()
    assert wait_until(lambda: (repo.side / "started").exists(), limit=120)
    repo.write("snippets/editpkg/value.py", "VALUE = 2\n")  # an editor saves
    (repo.side / "edited").touch()
    build.join(timeout=SUBPROCESS_LIMIT)
    assert ran["first"].output == "2\n"  # planned with VALUE = 1, ran with VALUE = 2
    repo.write("snippets/editpkg/value.py", "VALUE = 1\n")  # back as planned
    again = repo.run_one(rel)
    assert not again.cached and again.output == "1\n"
