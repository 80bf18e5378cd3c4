"""Run many snippets in parallel, each in a fresh process forked from a warm server.

``multiprocessing``'s *forkserver* start method keeps one server process that has already
imported torch (and whatever else the planned snippets need); each snippet is a new process
forked from it, so a build pays for ``import torch`` once, not once per snippet. The server
itself runs no tensor operation, which keeps forking safe.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import multiprocessing
import multiprocessing.connection
import multiprocessing.forkserver
import multiprocessing.util
import os
import queue
import shutil
import signal
import sys
import tempfile
import threading
import time
import types
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from fieldguide.engine import child, processes
from fieldguide.engine.model import RunResult
from fieldguide.engine.settings import DEFAULT_OUTPUT_LIMIT

# ``prelude`` first: it restricts the environment before anything else is imported.
ALWAYS_PRELOAD = ["fieldguide.engine.prelude", "fieldguide.engine.child"]
WARMUP = "fieldguide.engine.warmup"
# multiprocessing's process bookkeeping is not thread-safe: starting a process polls every other
# unfinished one, so a poll racing with the owner's join could read another's exit status. Slots
# hold this lock to start or join a process (waiting for one to end happens outside it).
PROCESSES = threading.Lock()


@dataclass(frozen=True)
class Job:
    """One snippet to execute."""

    rel: str
    script: Path
    timeout: float
    threads: int
    output_limit: int = DEFAULT_OUTPUT_LIMIT  # bytes of stdout and stderr together


@dataclass
class RawRun:
    """What a finished process left behind, before normalization."""

    rel: str
    output: str
    result: RunResult
    figures: dict[str, str]
    duration: float
    figure_dir: str
    notebook: str | None


OUTPUT_POLL = 0.1  # seconds between looks at the size of a running snippet's output
TEMP_PREFIX = "snippet-engine-"  # <system temp>/snippet-engine-<pid>: one per engine process
_ACTIVE: weakref.WeakSet[_Slots] = weakref.WeakSet()  # runs under way in this process


@functools.cache
def private_temp() -> Path:
    """This process's own temporary folder, inherited by every snippet as ``TMPDIR``.

    Scratch files of snippets and of the libraries they use (multiprocessing's ``pymp-*``,
    TensorFlow's generated autograph modules) land there and go with it when the process
    exits; folders left by an engine process that was killed are removed the next time.
    """
    system = Path(tempfile.gettempdir())
    for stale in system.glob(f"{TEMP_PREFIX}*"):
        owner = stale.name[len(TEMP_PREFIX) :]
        if owner.isdigit() and int(owner) != os.getpid() and not processes.alive(int(owner)):
            _remove_noted(stale / PYMP_NOTE, system)
            shutil.rmtree(stale, ignore_errors=True)
    folder = system / f"{TEMP_PREFIX}{os.getpid()}"
    folder.mkdir(exist_ok=True)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


# In this process's temporary folder: the name of multiprocessing's own folder (``pymp-*``,
# which holds the fork server's socket) in the system's temporary folder. multiprocessing
# removes it at a normal exit; after ``kill -9`` the next build removes it from this note.
PYMP_NOTE = "pymp-folder"


def _note_pymp_folder() -> None:
    """Write down where multiprocessing keeps this process's socket folder (made by now)."""
    with contextlib.suppress(OSError):
        folder = multiprocessing.util.get_temp_dir()
        (private_temp() / PYMP_NOTE).write_text(folder, encoding="utf-8")


def _remove_noted(note: Path, system: Path) -> None:
    """Remove the ``pymp-*`` folder a dead engine process noted, if it is one."""
    with contextlib.suppress(OSError):
        folder = Path(note.read_text(encoding="utf-8").strip())
        if folder.parent == system and folder.name.startswith("pymp-"):
            shutil.rmtree(folder, ignore_errors=True)


def _stop_everything() -> None:
    """At interpreter exit (Ctrl-C included): start nothing more, kill what runs."""
    for slots in list(_ACTIVE):
        slots.stop()


atexit.register(_stop_everything)  # runs before multiprocessing's own exit handler joins children


# The server's environment is inherited by every snippet: a fixed hash seed, no GUI backend,
# and TensorFlow's start-up log lines (timestamps, thread ids) silenced.
SERVER_ENV = {
    "PYTHONHASHSEED": "0",
    "MPLBACKEND": "module://fieldguide.engine.mpl_backend",
    "TF_CPP_MIN_LOG_LEVEL": "2",
}


def start_server(preload: list[str], env: dict[str, str] | None = None) -> None:
    """Start the fork server (if not running) with ``preload`` imported and ``env`` added to
    :data:`SERVER_ENV`; returns at once. A running server keeps the environment it started
    with."""
    # The fork server starts a fresh interpreter, which imports this package (and preloads it)
    # from the installed tooling, not from the parent's sys.path.
    env = {**SERVER_ENV, **(env or {})}
    # The server inherits this process's environment, so it is set for the moment of the start.
    # One start at a time: two editions' builds starting at once would otherwise each restore
    # what the other had set, and leave the server's TMPDIR in this process for good.
    with _STARTING:
        multiprocessing.set_forkserver_preload(ALWAYS_PRELOAD + sorted(preload) + [WARMUP])
        saved = {name: os.environ.get(name) for name in env}
        os.environ.update(env)
        try:
            with _main_module_hidden():
                multiprocessing.forkserver.ensure_running()
            _note_pymp_folder()
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


_STARTING = threading.Lock()


@contextlib.contextmanager
def _main_module_hidden() -> Iterator[None]:
    """Start processes without making them re-import the parent's ``__main__``.

    ``multiprocessing`` tells each new process to re-run the parent's main script (as
    ``__mp_main__``) so that pickled functions defined there resolve. The snippet runner's
    target lives in an importable module, so that would only cost time, or run a script's
    top-level code again. A bare stand-in module while the process starts avoids it.
    """
    with PROCESSES:
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


def _collect(
    job: Job, work: Path, exitcode: int | None, duration: float, overflow: bool = False
) -> RawRun:
    with (work / "output.txt").open("rb") as handle:  # never more than the limit
        raw = handle.read(job.output_limit + 1)
    # Bytes that are not UTF-8 are shown as escapes (\xff), never silently replaced.
    output = raw[: job.output_limit].decode("utf-8", errors="backslashreplace")
    result_file = work / "result.json"
    if overflow or len(raw) > job.output_limit:
        result = RunResult(
            "overflow",
            message=f"printed more than {job.output_limit:,} bytes, the output limit "
            "(SNIPPETS_OUTPUT_LIMIT); it was stopped there. Print a summary, not the data",
        )
        output += "\n[... output cut at the limit]\n"
    elif exitcode is None:
        result = RunResult("timeout")
    elif result_file.is_file():
        result = RunResult.from_json(json.loads(result_file.read_text(encoding="utf-8")))
        if exitcode != 0 and result.status == "ok":
            result = RunResult("exit", code=exitcode)
        # os._exit(0) is recorded by the child as an exit, with its line: it stays one
    elif exitcode < 0:
        result = RunResult("signal", signal=signal.Signals(-exitcode).name)
    else:
        result = RunResult("exit", code=exitcode)
    figures = {p.stem: p.read_text(encoding="utf-8") for p in sorted((work / "fig").glob("*.svg"))}
    executed = work / "notebook.ipynb"
    notebook = executed.read_text(encoding="utf-8") if executed.is_file() else None
    return RawRun(job.rel, output, result, figures, duration, str(work / "fig"), notebook)


def run_jobs(
    jobs: list[Job],
    root: Path,
    parallel: int,
    preload: list[str],
    env: dict[str, str] | None = None,
    started: Callable[[str], None] | None = None,
) -> Iterator[RawRun]:
    """Run ``jobs`` in their order, at most ``parallel`` at once; yield one :class:`RawRun` per
    job as soon as it finishes (``started`` is told each job's path as it starts).

    Each of the ``parallel`` slots is a thread that starts a job's process, waits for it and
    collects what it left, then takes the next job: a slot never waits for the caller, and the
    slots' waits (for the fork server, for the process) overlap.
    """
    if not jobs:
        return
    start_server(preload, env)
    scratch = Path(tempfile.mkdtemp(prefix="snippets-", dir=private_temp()))
    todo: queue.SimpleQueue[tuple[int, Job]] = queue.SimpleQueue()
    for number, job in enumerate(jobs):
        todo.put((number, job))
    done: queue.SimpleQueue[RawRun | BaseException] = queue.SimpleQueue()
    slots = _Slots(root)
    _ACTIVE.add(slots)

    def slot() -> None:
        while not slots.stopping.is_set():
            try:
                number, job = todo.get_nowait()
            except queue.Empty:
                return
            if started is not None:
                started(job.rel)
            try:
                done.put(slots.run(job, scratch / str(number)))
            except _Stopped:
                return
            except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
                done.put(exc)
                return

    threads = [
        threading.Thread(target=slot, name=f"snippet-slot-{n}", daemon=True)
        for n in range(min(parallel, len(jobs)))
    ]
    for thread in threads:
        thread.start()
    try:
        for _ in jobs:
            item = done.get()
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        slots.stop()
        for thread in threads:
            thread.join()
        slots.join_exited()
        _ACTIVE.discard(slots)
        _reap_strays()
        shutil.rmtree(scratch, ignore_errors=True)


def _server_pid() -> int | None:
    server = getattr(multiprocessing.forkserver, "_forkserver", None)
    return getattr(server, "_forkserver_pid", None)


def _reap_strays() -> None:
    """Kill what crashed or killed snippets left below the fork server.

    The server is a subreaper, so such orphans are its children; the snippets still running
    (of any batch in this process) are its only other children and are left alone.
    """
    server = _server_pid()
    if server is None:
        return
    with PROCESSES:
        running = {pid for slots in list(_ACTIVE) for pid in slots.running()}
        for pid in processes.children_map().get(server, []):
            if pid not in running:
                processes.kill_tree(pid)


class _Slots:
    """What the slot threads share: the fork-server context and the processes now running."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.context = multiprocessing.get_context("forkserver")
        self.stopping = threading.Event()
        self._running: dict[int, Any] = {}
        self._exiting: list[Any] = []
        self._lock = threading.Lock()

    def run(self, job: Job, work: Path) -> RawRun:
        """Run one job in a fresh process and collect what it left behind."""
        (work / "fig").mkdir(parents=True)
        self.join_exited(wait=False)
        told, telling = self.context.Pipe(duplex=False)  # the exit status, sent as it exits
        args = (
            str(job.script),
            str(self.root),
            str(work / "output.txt"),
            str(work / "result.json"),
            str(work / "fig"),
            job.threads,
            job.timeout,
            telling,
        )
        process = self.context.Process(target=child.run, args=args, daemon=False)
        with _main_module_hidden():  # holds PROCESSES: started and listed before any reaping
            if self.stopping.is_set():
                raise _Stopped
            process.start()
            pid = process.pid
            assert pid is not None  # set by start()
            with self._lock:
                self._running[pid] = process
        telling.close()
        started = time.monotonic()
        if self.stopping.is_set():  # stop() ran before this process was listed
            _kill_now(pid)
        status, finished, overflow = _wait(told, process, started + job.timeout, work, job)
        duration = time.monotonic() - started
        told.close()
        with self._lock:
            del self._running[pid]  # from here on, stop() leaves it to this thread
        if not finished:
            processes.kill_tree(pid)  # its whole tree, new sessions included
            _kill_group(pid)
        if status is not None:  # exiting: joined later, while other runs go on
            exitcode: int | None = status
            with self._lock:
                self._exiting.append(process)
        else:
            with PROCESSES:
                process.join()
                exitcode = process.exitcode if finished else None
        _kill_group(pid)  # anything the snippet left running
        if exitcode != 0:
            _reap_strays()  # a crashed snippet's orphans are now below the server
        return _collect(job, work, exitcode, duration, overflow)

    def join_exited(self, wait: bool = True) -> None:
        """Join the processes that told their exit status and were left to finish exiting:
        all of them, or (``wait=False``) those already gone, so that their pipes close."""
        with self._lock:
            exiting = self._exiting
            if wait or not exiting:
                done, self._exiting = exiting, []
            else:
                gone = set(multiprocessing.connection.wait([p.sentinel for p in exiting], 0))
                done = [p for p in exiting if p.sentinel in gone]
                self._exiting = [p for p in exiting if p.sentinel not in gone]
        with PROCESSES:
            for process in done:
                process.join()

    def running(self) -> list[int]:
        with self._lock:
            return list(self._running)

    def stop(self) -> None:
        """Take no new job and kill the running ones (the caller stopped early)."""
        self.stopping.set()
        with self._lock:
            for pid in self._running:
                processes.kill_tree(pid)
                _kill_now(pid)


def _wait(
    told: Connection, process: Any, deadline: float, work: Path, job: Job
) -> tuple[int | None, bool, bool]:
    """Wait for the process until ``deadline`` (monotonic): its told exit status (or None),
    whether it finished, and whether it was stopped for printing more than its output limit
    (looked at every :data:`OUTPUT_POLL` seconds, so a flood is cut early, not buffered)."""
    watched = [told, process.sentinel]
    output = work / "output.txt"
    status: int | None = None
    while (left := deadline - time.monotonic()) > 0:
        ready = multiprocessing.connection.wait(watched, timeout=min(left, OUTPUT_POLL))
        if told in ready:
            status = _status(told)
            watched = [process.sentinel]  # said its word, or ended the pipe without one
        if status is not None or process.sentinel in ready:
            return status, True, False
        with contextlib.suppress(OSError):
            if output.stat().st_size > job.output_limit:
                return None, False, True
    return None, False, False


def _status(told: Connection) -> int | None:
    """The exit status the process wrote to ``told``, or None if what arrived is not one."""
    try:  # one write of a few bytes arrives whole; anything else is not the child's word
        data = os.read(told.fileno(), child.STATUS.size + 1)
    except OSError:
        return None
    return child.STATUS.unpack(data)[0] if len(data) == child.STATUS.size else None


def _told(told: Connection, process: Any, timeout: float) -> int | None:
    """Wait (at most ``timeout``) for the process to tell its exit status; ``None`` if it ended
    without telling (a crash, a kill, ``os._exit`` in the snippet) or is still running."""
    ready = multiprocessing.connection.wait([told, process.sentinel], timeout=timeout)
    return _status(told) if told in ready else None


class _Stopped(Exception):
    """A slot was asked for a new run after the batch stopped."""


def _kill_now(pid: int) -> None:
    """Kill a process that has not been reaped yet, and its group (it may not have made its own
    group yet, if it has only just started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)
    _kill_group(pid)
