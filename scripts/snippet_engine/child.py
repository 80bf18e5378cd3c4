"""What runs inside the fresh process that executes one snippet.

The process is forked from a server that has already imported the heavy libraries, so starting
it is cheap, yet nothing a snippet does (grad mode, default dtype, RNG state, threads, monkey
patches) can reach another snippet. Output is captured at the file-descriptor level, stdout and
stderr into one file in the order it was written, so C-level prints and warnings are kept.
"""

from __future__ import annotations

import faulthandler
import io
import json
import os
import random
import runpy
import sys
import traceback
from pathlib import Path
from typing import Any


def _capture(output_path: str) -> None:
    """Point fds 1 and 2 at one file and rebuild unbuffered Python streams over them."""
    fd = os.open(output_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    for name, number in (("stdout", 1), ("stderr", 2)):
        raw = io.FileIO(number, "w", closefd=False)
        setattr(sys, name, io.TextIOWrapper(raw, encoding="utf-8", write_through=True))
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the process


def _reset_state(threads: int) -> None:
    """Seed every RNG the snippet might use and pin torch's thread count."""
    random.seed(0)
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed(0)
    if "torch" in sys.modules:
        torch = sys.modules["torch"]
        torch.manual_seed(0)
        torch.set_num_threads(threads)


def _failure_line(exc: BaseException, script: str) -> int:
    """The innermost line of ``script`` in the traceback (0 if the script is not in it)."""
    line = 0
    for frame in traceback.extract_tb(exc.__traceback__):
        if os.path.realpath(frame.filename) == script:
            line = frame.lineno or 0
    return line


def run(script: str, root: str, output_path: str, result_path: str, figure_dir: str,
        threads: int, timeout: float) -> None:
    """Execute ``script`` as ``__main__`` and write a JSON result describing how it ended."""
    os.setsid()  # own process group: a timeout kills the snippet and anything it started
    _capture(output_path)
    # On a crash, or shortly before the time limit, Python dumps every thread's stack into the
    # captured output; the parent reads the snippet's line number from it.
    faulthandler.enable()
    faulthandler.dump_traceback_later(max(timeout - 0.5, timeout * 0.9), exit=False)
    os.chdir(root)
    os.environ["SNIPPET_FIGURE_DIR"] = figure_dir
    sys.dont_write_bytecode = True
    sys.argv = [script]
    sys.path[:0] = [str(Path(script).parent), str(Path(root) / "snippets")]
    _reset_state(threads)
    result: dict[str, Any] = {"status": "ok"}
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (None, 0):
            result = {"status": "exit", "code": exc.code if isinstance(exc.code, int) else 1,
                      "message": str(exc.code)}
    except BaseException as exc:  # noqa: BLE001 - every exception is reported to the parent
        result = {
            "status": "raised",
            "types": [f"{t.__module__}.{t.__qualname__}" for t in type(exc).__mro__],
            "summary": "".join(traceback.format_exception_only(type(exc), exc)).rstrip("\n"),
            "traceback": "".join(traceback.format_exception(exc)),
            "line": _failure_line(exc, os.path.realpath(script)),
        }
    faulthandler.cancel_dump_traceback_later()
    sys.stdout.flush()
    sys.stderr.flush()
    Path(result_path).write_text(json.dumps(result), encoding="utf-8")
