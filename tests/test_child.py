"""What a snippet sees: a fresh, seeded process, captured at the file-descriptor level, and
output normalized so that it compares across machines and runs."""

from __future__ import annotations

import ast
import multiprocessing
import os
import re
import subprocess
import sys

import pytest
from fixtures.snippet_repo import SUBPROCESS_LIMIT, Repo, line_of, tool_env

from fieldguide.engine import child, environment, snapshots
from fieldguide.engine.normalize import MEASURED_PLACEHOLDER

POLLUTER = """
    import random

    import numpy
    import torch

    torch.set_grad_enabled(False)
    torch.set_default_dtype(torch.float64)
    torch.add = None
    torch.set_num_threads(2)
    torch.rand(1000)
    numpy.random.rand(1000)
    random.random()
    print("polluted")
"""

OBSERVER = """
    import random

    import numpy
    import torch

    print(torch.is_grad_enabled())
    print(torch.get_default_dtype())
    print(torch.add is not None)
    print(torch.get_num_threads())
    print(torch.rand(2))
    print(numpy.random.rand(2))
    print(random.random())
"""

RANDOM_ONLY = """
    import random

    import numpy
    import torch

    print(torch.rand(2))
    print(numpy.random.rand(2))
    print(random.random())
"""


def test_state_does_not_leak_between_snippets(repo: Repo) -> None:
    polluter = repo.write("snippets/t/a_polluter.py", POLLUTER)
    observer = repo.write("snippets/t/b_observer.py", OBSERVER)

    alone = repo.run_one(observer, cache_dir=repo.root / "cache-alone")
    same_batch = repo.run(polluter, observer, cache_dir=repo.root / "cache-batch")
    one_by_one = repo.run(polluter, observer, jobs=1, cache_dir=repo.root / "cache-serial")

    assert alone.error is None, alone.error
    assert not alone.cached
    assert same_batch[polluter].output == "polluted\n"
    assert same_batch[observer].output == alone.output
    assert one_by_one[polluter].output == "polluted\n"
    assert one_by_one[observer].output == alone.output
    assert not one_by_one[observer].cached
    grad, dtype, add, threads = alone.output.splitlines()[:4]
    assert (grad, dtype, add, threads) == ("True", "torch.float32", "True", "1")


def test_every_snippet_starts_from_the_same_seeds(repo: Repo) -> None:
    observer = repo.write("snippets/t/observer.py", OBSERVER)
    other = repo.write("snippets/t/other.py", RANDOM_ONLY)
    polluter = repo.write("snippets/t/polluter.py", POLLUTER)
    first = repo.run(polluter, observer, other, jobs=1)
    again = repo.run(observer, other, fresh=True)
    # Another process has another fork server, whose generators were never seeded the same way
    # unless the engine seeds them for every snippet.
    elsewhere = repo.cli("run", "--fresh", other)
    assert elsewhere.returncode == 0, elsewhere.stderr

    random_lines = first[observer].output.splitlines()[4:]
    assert random_lines == first[other].output.splitlines()
    assert again[other].output == first[other].output
    assert again[observer].output == first[observer].output
    assert elsewhere.stdout == f"==> {other}\n{first[other].output}"
    # Three different generators, three different draws: they really are random numbers.
    assert len(set(random_lines)) == 3


def test_threads_directive_sets_torch_threads(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/threads.py",
        """
        # snippet: threads=2
        import torch

        print(torch.get_num_threads())
    """,
    )
    assert repo.run_one(rel).output == "2\n"


def test_output_is_captured_at_fd_level_in_order(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/capture.py",
        """
        import ctypes
        import os
        import sys
        import warnings

        print("1 print flushed", flush=True)
        os.write(1, b"2 fd one\\n")
        os.write(2, b"3 fd two\\n")
        sys.stderr.write("4 sys.stderr\\n")
        warnings.warn("5 a warning")
        print("6 print unflushed")
        libc = ctypes.CDLL(None)
        libc.puts(b"7 from C")
        libc.fflush(None)
        print("8 print last", end="")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    lines = outcome.output.splitlines()
    markers = [
        "1 print flushed",
        "2 fd one",
        "3 fd two",
        "4 sys.stderr",
        "5 a warning",
        "6 print unflushed",
        "7 from C",
        "8 print last",
    ]
    positions = [next(i for i, line in enumerate(lines) if marker in line) for marker in markers]
    assert positions == sorted(positions)
    warning = lines[positions[4]]
    assert warning == f"{rel}:{line_of(repo.read(rel), 'warnings.warn(')}: UserWarning: 5 a warning"
    assert outcome.output.endswith("8 print last")


def test_machine_specific_text_is_normalized(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/machine.py",
        """
        import os
        import sys
        import tempfile

        print(object())
        print(__file__)
        print(os.path.abspath("snippets/t"))
        with tempfile.TemporaryDirectory() as scratch:
            print(scratch)
        print(sys.executable.startswith("/"))
        print(hex(255))
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    lines = outcome.output.splitlines()
    assert re.fullmatch(r"<object object at 0x…>", lines[0])
    assert lines[1] == rel
    assert lines[2] == "snippets/t"
    assert lines[3] == "<tmp>"
    assert lines[4] == "True"
    assert lines[5] == "0xff"  # a short hex number is a value, not an address
    assert str(repo.root) not in outcome.output


def test_figure_paths_are_normalized(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/figure_path.py",
        """
        from fieldkit import save_svg

        print(save_svg("dot", '<svg xmlns="http://www.w3.org/2000/svg"></svg>'))
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.output == "<figures>/dot.svg\n"


def test_measured_values_are_shown_but_not_compared(repo: Repo) -> None:
    source = """
        from fieldkit import measured

        print("backward took", measured("{value}"))
        print("peak memory", measured("{memory}"), "exactly")
    """
    rel = repo.write("snippets/t/timing.py", source.format(value="12.3 ms", memory="4 MB"))
    first = repo.run_one(rel)
    assert first.error is None, first.error
    assert first.display == "backward took 12.3 ms\npeak memory 4 MB exactly\n"
    assert "\u27ea12.3 ms\u27eb" in first.output
    repo.engine().update_snapshots(first)
    committed = snapshots.text_path(repo.root, rel).read_text(encoding="utf-8")
    assert committed == (
        f"backward took {MEASURED_PLACEHOLDER}\npeak memory {MEASURED_PLACEHOLDER} exactly\n"
    )

    repo.write(rel, source.format(value="45.6 ms", memory="5 MB"))
    other_value = repo.run_one(rel)
    assert not other_value.cached
    assert other_value.drift is None
    assert other_value.display == "backward took 45.6 ms\npeak memory 5 MB exactly\n"

    repo.write(rel, source.format(value="45.6 ms", memory="5 MB").replace("took", "needed"))
    other_text = repo.run_one(rel)
    assert other_text.drift is not None
    assert f"-backward took {MEASURED_PLACEHOLDER}" in other_text.drift.splitlines()
    assert f"+backward needed {MEASURED_PLACEHOLDER}" in other_text.drift.splitlines()


def test_a_thread_still_printing_when_the_script_ends_is_waited_for(repo: Repo) -> None:
    """As ``python snippet.py`` does: the process ends (and tells the parent so) only after
    its threads have finished."""
    rel = repo.write(
        "snippets/t/late_thread.py",
        """
        import threading
        import time

        def late():
            time.sleep(0.5)
            print("from the thread")

        threading.Thread(target=late).start()
        print("main done")
    """,
    )
    assert repo.run_one(rel).output == "main done\nfrom the thread\n"


def test_the_exit_status_is_told_before_the_process_exits() -> None:
    """The parent hears the status from the child itself, as the child calls ``os._exit``."""
    context = multiprocessing.get_context("fork")
    told, telling = context.Pipe(duplex=False)

    def end() -> None:
        child._exit_telling(telling, os.getpid())(7)

    process = context.Process(target=end)
    process.start()
    telling.close()
    assert told.poll(30), "the child told nothing"
    assert child.STATUS.unpack(os.read(told.fileno(), 16)) == (7,)
    process.join(30)
    assert process.exitcode == 7


def test_a_copy_the_snippet_forks_does_not_end_its_run(repo: Repo) -> None:
    """A forked copy that leaves by ``sys.exit`` reaches the end of the engine's code too: it
    must neither report a result nor tell the parent the run is over."""
    rel = repo.write(
        "snippets/t/forks.py",
        """
        import os
        import sys

        pid = os.fork()
        if pid == 0:
            print("the copy", flush=True)
            sys.exit(0)
        os.waitpid(pid, 0)
        print("the snippet goes on")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.output == "the copy\nthe snippet goes on\n"


# -- the repository is not a snippet's to change ----------------------------------------------
HOSTILE = {
    "writes a page": ('(ROOT / "docs" / "stray.md").write_text("# stray\\n")', "docs/stray.md"),
    "deletes an untracked file": ('os.remove(ROOT / "untracked.txt")', "untracked.txt"),
    "unlinks in snippets/": ('os.unlink(ROOT / "snippets" / "notes.txt")', "snippets/notes.txt"),
    "removes a tree": ('shutil.rmtree(ROOT / "docs")', "docs"),
    "renames": ('os.rename(ROOT / "untracked.txt", ROOT / "moved.txt")', "untracked.txt"),
    "makes a folder": ('os.mkdir(ROOT / "junk")', "junk"),
    "catches the refusal": (
        'try:\n    open(ROOT / "docs" / "x.md", "w")\nexcept PermissionError:\n    pass',
        "docs/x.md",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_change_of_the_repository_fails_naming_snippet_line_and_file(
    repo: Repo, case: str
) -> None:
    action, path = HOSTILE[case]
    repo.write("untracked.txt", "keep me\n")
    repo.write("snippets/notes.txt", "keep me too\n")
    repo.page("index.md", "# Page\n")
    source = (
        "import os\nimport shutil\nfrom pathlib import Path\n\n"
        "ROOT = Path(__file__).resolve().parents[2]\n"
        f"{action}\n"
        'print("finished")\n'
    )
    rel = repo.write("snippets/t/hostile.py", source)
    before = sorted(str(p.relative_to(repo.root)) for p in repo.root.rglob("*"))
    outcome = repo.run_one(rel)
    line = 6 + next(n for n, text in enumerate(action.splitlines()) if "ROOT" in text)
    assert outcome.error is not None
    assert outcome.error.startswith(f"{rel}:{line}: ")
    assert f" {path} inside the repository" in outcome.error
    after = sorted(str(p.relative_to(repo.root)) for p in repo.root.rglob("*"))
    assert after == before  # nothing lost, nothing left behind
    assert repo.read("untracked.txt") == "keep me\n"
    assert not repo.run_one(rel).cached  # a failure: never served from the cache


def test_relative_paths_land_in_a_working_folder_of_its_own(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/relative.py",
        """
        import os
        import subprocess

        with open("notes.txt", "w") as handle:
            handle.write("scratch")
        subprocess.run(["touch", "made-by-a-program.txt"], check=True)
        print(sorted(os.listdir(".")))
        print(os.getcwd())
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.output == "['made-by-a-program.txt', 'notes.txt']\n.\n"
    assert not (repo.root / "notes.txt").exists()
    assert not (repo.root / "made-by-a-program.txt").exists()


def test_only_documented_variables_reach_a_snippet(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/env.py",
        """
        import os

        print(os.environ.get("BUILDER_SECRET"))
        print(sorted(os.environ))
    """,
    )
    run = subprocess.run(
        [sys.executable, "-m", "fieldguide.engine", "run", rel, "--root", str(repo.root)],
        cwd=repo.root,
        capture_output=True,
        text=True,
        env={**tool_env(), "SNIPPETS_CACHE_DIR": str(repo.cache), "BUILDER_SECRET": "x"},
        timeout=SUBPROCESS_LIMIT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    printed = run.stdout.split(f"==> {rel}\n", 1)[1].splitlines()
    assert printed[0] == "None"
    assert set(ast.literal_eval(printed[1])) <= environment.PASSED


def test_a_variable_that_can_change_an_output_is_in_the_key(
    repo: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    rel = repo.write("snippets/t/zone.py", 'print("zone")\n')
    monkeypatch.setenv("TZ", "UTC")
    assert not repo.run_one(rel).cached
    assert repo.run_one(rel).cached
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    assert not repo.run_one(rel).cached


def test_a_traceback_starts_at_the_snippet(repo: Repo) -> None:
    rel = repo.write("snippets/t/fails.py", 'print("before")\nraise KeyError("x")\n')
    outcome = repo.run_one(rel)
    assert outcome.error == f"{rel}:2: KeyError: 'x'"
    traceback = outcome.details.split("\n\n", 1)[1]
    assert traceback.startswith(f'Traceback (most recent call last):\n  File "{rel}", line 2')
    assert "runpy" not in traceback and "fieldguide" not in traceback


def test_what_a_started_program_changes_in_the_repository_fails_the_run(repo: Repo) -> None:
    repo.write("untracked.txt", "gone\n")
    rel = repo.write(
        "snippets/t/program.py",
        """
        import subprocess
        from pathlib import Path

        ROOT = Path(__file__).resolve().parents[2]
        subprocess.run(["rm", str(ROOT / "untracked.txt")], check=True)
        subprocess.run(["touch", str(ROOT / "docs" / "left.md")], check=True)
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert outcome.error.startswith(f"{rel}:5: a process it started created docs/left.md ")
    assert f"{rel}:5: a process it started deleted untracked.txt" in outcome.details
    assert not repo.run_one(rel).cached


def test_an_edit_made_while_a_program_runs_is_not_blamed_on_the_snippet(repo: Repo) -> None:
    """What a person does to the repository while a snippet's program runs (an edited page, an
    editor's swap file, a linter's cache) is not the snippet's doing."""
    repo.write("docs/page.md", "# Page\n")
    rel = repo.write(
        "snippets/t/editing.py",
        """
        import subprocess
        from pathlib import Path

        ROOT = Path(__file__).resolve().parents[2]
        subprocess.run(
            ["sh", "-c", f"echo edited >> {ROOT}/docs/page.md; mkdir -p {ROOT}/.ruff_cache;"
             f" touch {ROOT}/.ruff_cache/x {ROOT}/docs/.page.md.swp"],
            check=True,
        )
        print("ran")
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.details
    assert outcome.output == "ran\n"


def test_a_refused_change_is_reported_even_after_os_exit(repo: Repo) -> None:
    rel = repo.write(
        "snippets/t/quits.py",
        """
        import os
        from pathlib import Path

        try:
            Path(__file__).with_name("x.txt").write_text("x")
        except PermissionError:
            os._exit(0)
    """,
    )
    outcome = repo.run_one(rel)
    assert outcome.error is not None
    assert outcome.error.startswith(f"{rel}:5: wrote snippets/t/x.txt inside the repository")
