"""Run many snippets in parallel, each in a fresh process forked from a warm server.

``multiprocessing``'s *forkserver* start method keeps one server process that has already
imported torch (and whatever else the planned snippets need); each snippet is a new process
forked from it, so a build pays for ``import torch`` once, not once per snippet. The server
itself runs no tensor operation, which keeps forking safe.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import multiprocessing.connection
import multiprocessing.forkserver
import os
import shutil
import signal
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from snippet_engine import child

ALWAYS_PRELOAD = ["snippet_engine.child"]
WARMUP = "snippet_engine.warmup"


@dataclass(frozen=True)
class Job:
    """One snippet to execute."""

    rel: str
    script: Path
    timeout: float
    threads: int


@dataclass
class RawRun:
    """What a finished process left behind, before normalization."""

    rel: str
    output: str
    result: dict[str, Any]
    figures: dict[str, str] = field(default_factory=dict)
    duration: float = 0.0
    figure_dir: str = ""
    notebook: str | None = None


# The server's environment is inherited by every snippet: a fixed hash seed, no GUI backend,
# and TensorFlow's start-up log lines (timestamps, thread ids) silenced.
SERVER_ENV = {"PYTHONHASHSEED": "0", "MPLBACKEND": "Agg", "TF_CPP_MIN_LOG_LEVEL": "2"}


def start_server(preload: list[str]) -> None:
    """Start the fork server (if not running) with ``preload`` imported; returns at once."""
    multiprocessing.set_forkserver_preload(ALWAYS_PRELOAD + sorted(preload) + [WARMUP])
    # Python 3.11's fork server ignores the parent's sys.path, so pass this package's folder
    # through PYTHONPATH, or the preloads would silently fail to import.
    here = str(Path(__file__).resolve().parent.parent)
    pythonpath = os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
    env = {**SERVER_ENV, "PYTHONPATH": pythonpath}
    saved = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        with _main_module_hidden():
            multiprocessing.forkserver.ensure_running()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _main_module_hidden() -> Iterator[None]:
    """Start processes without making them re-import the parent's ``__main__``.

    ``multiprocessing`` tells each new process to re-run the parent's main script (as
    ``__mp_main__``) so that pickled functions defined there resolve. The snippet runner's
    target lives in an importable module, so that would only cost time, or run a script's
    top-level code again. A bare stand-in module while the process starts avoids it.
    """
    real = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = real


def _kill_group(pid: int | None) -> None:
    if pid is None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _collect(job: Job, work: Path, exitcode: int | None, duration: float) -> RawRun:
    output = (work / "output.txt").read_text(encoding="utf-8", errors="replace")
    result_file = work / "result.json"
    if exitcode is None:
        result: dict[str, Any] = {"status": "timeout"}
    elif result_file.is_file():
        result = json.loads(result_file.read_text(encoding="utf-8"))
        if exitcode != 0 and result["status"] == "ok":
            result = {"status": "exit", "code": exitcode}
    elif exitcode < 0:
        result = {"status": "signal", "signal": signal.Signals(-exitcode).name}
    else:
        result = {"status": "exit", "code": exitcode}
    figures = {p.stem: p.read_text(encoding="utf-8") for p in sorted((work / "fig").glob("*.svg"))}
    executed = work / "notebook.ipynb"
    notebook = executed.read_text(encoding="utf-8") if executed.is_file() else None
    return RawRun(job.rel, output, result, figures, duration, str(work / "fig"), notebook)


def run_jobs(jobs: list[Job], root: Path, parallel: int, preload: list[str]) -> list[RawRun]:
    """Run ``jobs`` with at most ``parallel`` at once; return one :class:`RawRun` per job."""
    if not jobs:
        return []
    start_server(preload)
    context = multiprocessing.get_context("forkserver")
    scratch = Path(tempfile.mkdtemp(prefix="snippets-"))
    pending = list(jobs)
    running: dict[int, tuple[Job, Any, Path, float]] = {}
    finished: list[RawRun] = []
    started = 0
    try:
        while pending or running:
            while pending and len(running) < parallel:
                job = pending.pop(0)
                work = scratch / str(started)
                started += 1
                (work / "fig").mkdir(parents=True)
                args = (str(job.script), str(root), str(work / "output.txt"),
                        str(work / "result.json"), str(work / "fig"), job.threads, job.timeout)
                process = context.Process(target=child.run, args=args, daemon=False)
                with _main_module_hidden():
                    process.start()
                running[process.sentinel] = (job, process, work, time.monotonic())
            now = time.monotonic()
            deadline = min(start + job.timeout for job, _, _, start in running.values())
            ready = multiprocessing.connection.wait(list(running), timeout=max(0, deadline - now))
            now = time.monotonic()
            for sentinel, (job, process, work, start) in list(running.items()):
                timed_out = now - start >= job.timeout
                if sentinel not in ready and not timed_out:
                    continue
                if sentinel not in ready:
                    _kill_group(process.pid)
                    process.join()
                    exitcode = None
                else:
                    process.join()
                    exitcode = process.exitcode
                _kill_group(process.pid)  # anything the snippet left running
                finished.append(_collect(job, work, exitcode, now - start))
                del running[sentinel]
    finally:
        for _, process, _, _ in running.values():
            _kill_group(process.pid)
        shutil.rmtree(scratch, ignore_errors=True)
    order = {job.rel: i for i, job in enumerate(jobs)}
    return sorted(finished, key=lambda run: order[run.rel])
