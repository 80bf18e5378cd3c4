"""The cache lookup of a batch, made in a forked child process.

Planning and looking up a site's 480 snippets (reading each one, hashing it with what it imports,
reading its cache entry and its snapshots) is a fifth of a second of Python. In the thread that
runs beside a site build, it holds the interpreter lock against the pages being rendered; in a
child forked from the build it runs on another core, and the build receives its outcomes as
one pickle.

The child is forked in the thread that starts the batch, while no other thread of the engine
is planning, and does nothing but read files, compute, and write the engine's memo of imports
(``imports.save``, atomically). Whatever goes wrong (no ``fork`` on this system, the child
fails, dies or takes longer than ``LIMIT``), the caller gets ``None`` and does the lookup in its
own process, as without this module.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
LIMIT = 20.0  # seconds: a lookup takes well under one; past this the child is stopped
# Python 3.12 warns of any fork in a process with threads (a build has the server's): the child
# here runs only this module's work and leaves with os._exit.
warnings.filterwarnings(
    "ignore", message=r"This process .* is multi-threaded", category=DeprecationWarning
)


class Child(Generic[T]):
    """A forked child computing one value."""

    def __init__(self, pid: int, reader: int) -> None:
        self.pid = pid
        self._reader = reader
        self._value: T | None = None
        self._done = False

    def result(self) -> T | None:
        """The child's value once it has ended, or ``None`` if it gave none."""
        if not self._done:
            self._done = True
            self._value = self._collect()
        return self._value

    def _collect(self) -> T | None:
        try:
            data = self._read()
        except Exception:  # noqa: BLE001 - any trouble reading: looked up in the caller instead
            data = None
        if data is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:  # reaped elsewhere: its answer cannot be trusted
            return None
        if status != 0 or data is None:
            return None
        try:
            value: T = pickle.loads(data)
        except Exception:  # noqa: BLE001 - a partial or broken answer: looked up here instead
            return None
        return value

    def _read(self) -> bytes | None:
        """Everything the child writes until it closes the pipe; ``None`` past ``LIMIT``."""
        chunks: list[bytes] = []
        deadline = time.monotonic() + LIMIT
        waiting = select.poll()  # (select.select refuses descriptors past 1023)
        waiting.register(self._reader, select.POLLIN | select.POLLHUP)
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not waiting.poll(left * 1000):
                    return None
                chunk = os.read(self._reader, 1 << 20)
                if not chunk:
                    return b"".join(chunks)
                chunks.append(chunk)
        finally:
            os.close(self._reader)


def start(work: Callable[[list[str]], T], rels: list[str]) -> Child[T] | None:
    """Fork a child that computes ``work(rels)``; ``None`` where forking is not done (only
    Linux forks: elsewhere a forked child of a threaded process may not run)."""
    if sys.platform != "linux":
        return None
    reader, writer = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(reader)
        os.close(writer)
        return None
    if pid == 0:  # the child: compute, send, and leave without running any exit handler
        code = 1
        try:
            os.close(reader)
            data = pickle.dumps(work(rels), protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(writer, view) :]
            code = 0
        finally:
            os._exit(code)
    os.close(writer)
    return Child(pid, reader)
