"""What runs inside the fresh process that executes one snippet.

The process is forked from a server that has already imported the heavy libraries, so starting
it is cheap, yet nothing a snippet does (grad mode, default dtype, RNG state, threads, monkey
patches) can reach another snippet. Output is captured at the file-descriptor level, stdout and
stderr into one file in the order it was written, so C-level prints and warnings are kept.
"""

from __future__ import annotations

import contextlib
import faulthandler
import importlib.util
import io
import json
import os
import random
import runpy
import struct
import subprocess
import sys
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, NoReturn

from fieldguide.engine import environment, processes


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
        # The CPU generator (the pinned build has no other device). torch.manual_seed would also
        # queue a seed for each absent accelerator, recording a stack trace every time.
        torch.default_generator.manual_seed(0)
        torch.set_num_threads(threads)


class NotebookCellError(Exception):
    """A notebook cell raised; ``cell`` is its 1-based number among code cells."""

    def __init__(self, cell: int, message: str) -> None:
        super().__init__(f"cell {cell}: {message}")
        self.cell = cell


def _run_notebook(path: str, root: str, executed: str) -> None:
    """Execute a notebook top to bottom in a fresh kernel; print each cell's text outputs.

    The executed notebook (with all outputs, images included) is written to ``executed``; the
    printed text (streams and plain-text results, one ``[cell N]`` header per cell with output)
    is what is compared with the snapshot.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    os.environ.pop("MPLBACKEND", None)  # let the kernel use its inline backend
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(notebook, kernel_name="python3", resources={"metadata": {"path": root}})
    try:
        client.execute(stderr=subprocess.DEVNULL)  # the kernel's own log lines are not output
    except CellExecutionError:
        pass  # reported below from the failing cell's own error output
    finally:
        nbformat.write(notebook, executed)  # type: ignore[no-untyped-call]
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    for number, cell in enumerate(code_cells, start=1):
        if cell.outputs:
            print(f"[cell {number}]")
        for output in cell.outputs:
            if output.output_type == "stream":
                print(output.text, end="" if output.text.endswith("\n") else "\n")
            elif output.output_type in ("execute_result", "display_data"):
                data = output.get("data", {})
                images = [kind for kind in data if kind.startswith("image/")]
                if images:
                    print(f"[{images[0]}]")
                elif "text/plain" in data:
                    print(data["text/plain"])
            elif output.output_type == "error":
                raise NotebookCellError(number, f"{output.ename}: {output.evalue}")


def _failure_line(exc: BaseException, script: str) -> int:
    """The innermost line of ``script`` in the traceback (0 if the script is not in it)."""
    if isinstance(exc, NotebookCellError):
        return exc.cell
    line = 0
    for frame in traceback.extract_tb(exc.__traceback__):
        if os.path.realpath(frame.filename) == script:
            line = frame.lineno or 0
    return line


def _release_server() -> None:
    """Close this process's copy of the fork server's keep-alive pipe.

    ``multiprocessing`` hands every process it forks the write end of a pipe whose other end
    the server watches: the server runs until every copy is closed. A snippet that kept its
    copy would keep the server alive after the build is gone, and the server is what takes
    the snippets down with it (``warmup``, ``processes``).
    """
    server = getattr(sys.modules.get("multiprocessing.forkserver"), "_forkserver", None)
    fd = getattr(server, "_forkserver_alive_fd", None)
    if isinstance(fd, int):
        with contextlib.suppress(OSError):
            os.close(fd)
        server._forkserver_alive_fd = None  # type: ignore[union-attr]


def _from_script(exc: BaseException, script: str) -> None:
    """Drop the frames above the snippet's own (this module's, ``runpy``'s) from ``exc``'s
    traceback: a reader's traceback starts where a plain ``python snippet.py`` run's does."""
    tb = exc.__traceback__
    while tb is not None and os.path.realpath(tb.tb_frame.f_code.co_filename) != script:
        tb = tb.tb_next
    if tb is not None:
        exc.__traceback__ = tb


def _raised(exc: BaseException, script: str) -> dict[str, Any]:
    """How an exception is reported: its types (for ``raises=``), message, traceback, line."""
    _from_script(exc, os.path.realpath(script))
    return {
        "types": [f"{t.__module__}.{t.__qualname__}" for t in type(exc).__mro__],
        "summary": "".join(traceback.format_exception_only(type(exc), exc)).rstrip("\n"),
        "traceback": "".join(traceback.format_exception(exc)),
        "line": _failure_line(exc, os.path.realpath(script)),
    }


# Audit events of every way Python starts a process.
SPAWNING = {
    "os.fork",
    "os.forkpty",
    "os.posix_spawn",
    "os.spawn",
    "os.system",
    "os.exec",
    "subprocess.Popen",
    "os.startfile",
    "pty.spawn",
}
# Variables naming the engine's own folders, which a snippet may write to wherever they are.
OWN_FOLDERS = ("TMPDIR", "TORCHINDUCTOR_CACHE_DIR")
# Folders not compared before and after a snippet's processes ran: tooling, caches, output.
UNWATCHED = {".git", ".cache", "site", ".venv", "__pycache__", "node_modules", ".pytest_cache"}
# Folders of the repository whose files are not a snippet's inputs: tooling, caches, output.
NOT_INPUTS = (".venv", ".cache", ".git", "site", "scripts", "src")


# Audit events that change the file system, and the arguments that name what they change.
CHANGING = {
    "os.remove": ("deleted", (0,), 1),
    "os.rmdir": ("removed the folder", (0,), 1),
    "os.rename": ("renamed", (0, 1), 2),
    "os.mkdir": ("created the folder", (0,), 2),
    "os.symlink": ("linked", (1,), 2),
    "os.link": ("linked", (1,), 3),
    "os.truncate": ("truncated", (0,), None),
    "os.chmod": ("changed the mode of", (0,), 2),
    "os.chown": ("changed the owner of", (0,), 3),
    "os.utime": ("changed the times of", (0,), None),
    "shutil.rmtree": ("deleted the tree", (0,), 1),
}


class RepositoryChange(PermissionError):
    """Raised where a snippet tries to change the repository; the run fails whatever it does
    with the exception (see :class:`_Inputs`)."""


class _Inputs:
    """The repository files a snippet reads while it runs (found with an audit hook), so that
    editing a data file or a module imported by name (``importlib.import_module``) runs it
    again: the static import scan cannot see those.

    A module's file is seen as it is opened: its source, or its compiled copy in
    ``__pycache__``, which stands for the source. Nothing walks ``sys.modules``: each of its
    thousand-odd entries is shared with the fork server, and touching one copies its memory
    page into the snippet's process (a few milliseconds a snippet, for nothing).

    It also guards the repository: a write, delete, rename, new folder or mode change of
    anything under the repository (outside the engine's own folders: the snippet's temporary
    folder, its figures, its working folder, Inductor's cache) is refused with
    :class:`RepositoryChange` where it happens, and recorded, so the run fails naming the file
    and the snippet's line even if the snippet catches the exception.
    """

    def __init__(self, root: str, script: str, allowed: list[str]) -> None:
        self.root = os.path.realpath(root)
        self.script = os.path.realpath(script)
        self.given = script  # as the snippet's code objects name it
        self.allowed = [os.path.realpath(folder) + os.sep for folder in allowed if folder]
        self.read: set[str] = set()
        self.written: set[str] = set()
        self.imported: set[str] = set()  # modules imported by name (an ``import`` event)
        self.spawned = False  # whether it started a process (then its leftovers are looked for)
        self.changes: list[dict[str, Any]] = []  # refused changes of the repository
        self.before: dict[str, tuple[int, int]] | None = None  # listing when a process started
        self.spawned_at = 0
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event in SPAWNING:
            if not self.spawned:  # what the repository held before any process it starts
                self.spawned = True
                self.spawned_at = self._line()
                self.before = self._listing()
            return
        if event == "import":  # not yet in sys.modules: a module new to this process
            self.imported.add(args[0])
            return
        if event in CHANGING:
            self._changing(event, args)
            return
        if event != "open" or not isinstance(args[0], str | bytes | os.PathLike):
            return
        path, mode, flags = args[0], args[1], args[2] or 0
        full = os.path.abspath(os.fsdecode(path))
        if isinstance(mode, str):
            writing = any(c in mode for c in "wax+")
        else:
            writing = bool(
                flags & (os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC)
            )
        if writing:
            self._guard("wrote", os.path.realpath(full))
        if not writing and full.endswith(".pyc"):  # in __pycache__, or under a pycache prefix
            with contextlib.suppress(ValueError):
                full = importlib.util.source_from_cache(full)
        if full.startswith(self.root + os.sep):
            (self.written if writing else self.read).add(full)

    def _changing(self, event: str, args: tuple[Any, ...]) -> None:
        action, positions, dir_fd_at = CHANGING[event]
        dir_fd = args[dir_fd_at] if dir_fd_at is not None and len(args) > dir_fd_at else None
        for position in positions:
            path = args[position] if len(args) > position else None
            if not isinstance(path, str | bytes | os.PathLike):
                continue  # a file descriptor: opened (and so checked) before
            name = os.fsdecode(path)
            if isinstance(dir_fd, int) and dir_fd >= 0 and not os.path.isabs(name):
                with contextlib.suppress(OSError):
                    name = os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), name)
            full = os.path.abspath(name)
            # the link itself is what changes, not what it points to
            self._guard(
                action,
                os.path.join(os.path.realpath(os.path.dirname(full)), os.path.basename(full)),
            )

    def _guard(self, action: str, full: str) -> None:
        """Refuse (and record) ``action`` on ``full`` if it lies in the repository."""
        if not (full + os.sep).startswith(self.root + os.sep) or any(
            (full + os.sep).startswith(folder) for folder in self.allowed
        ):
            return
        rel = os.path.relpath(full, self.root)
        self.changes.append({"action": action, "path": rel, "line": self._line()})
        raise RepositoryChange(f"{rel}: a snippet may not change the repository ({action} refused)")

    def _line(self) -> int:
        """The snippet's line now running (0 if the snippet is not on the stack)."""
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_filename in (self.given, self.script):
                return frame.f_lineno
            frame = frame.f_back  # type: ignore[assignment]
        return 0

    def _listing(self) -> dict[str, tuple[int, int]]:
        """Size and modification time of every file of the repository (tooling, caches and
        the engine's own folders left out)."""
        found: dict[str, tuple[int, int]] = {}
        for folder, folders, files in os.walk(self.root):
            folders[:] = [
                name
                for name in folders
                if name not in UNWATCHED
                and not any(os.path.join(folder, name) + os.sep == own for own in self.allowed)
            ]
            for name in files:
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):
                    stat = os.lstat(path)
                    found[os.path.relpath(path, self.root)] = (stat.st_size, stat.st_mtime_ns)
        return found

    def changed_by_processes(self) -> None:
        """Record what the processes it started changed in the repository (audit hooks do not
        reach into them): files created or deleted since the first one started. Not files
        modified, nor hidden files (an editor's swap file, a linter's cache): a person editing
        the repository while the snippet runs (under ``serve``, or during ``make test``) does
        that, and it must not be blamed on the snippet. The snippet's own process is watched
        for every change by its audit hooks."""
        if self.before is None:
            return
        after = self._listing()
        for rel in sorted(set(self.before) ^ set(after)):
            if any(p.startswith(".") or p.endswith(("~", ".swp")) for p in Path(rel).parts):
                continue
            action = "created" if rel in after else "deleted"
            self.changes.append(
                {"action": f"a process it started {action}", "path": rel, "line": self.spawned_at}
            )

    def found(self) -> list[str]:
        """Repository-relative paths of the files read (and of modules imported from the
        repository), minus the snippet itself, tooling and files it wrote itself."""
        paths = set(self.read)
        for name in self.imported:  # an extension module is loaded without an "open" event
            file = getattr(sys.modules.get(name), "__file__", None)
            if isinstance(file, str):
                paths.add(os.path.abspath(file))
        inputs = []
        for path in paths - self.written - {self.script}:
            if (
                not path.startswith(self.root + os.sep)
                or os.path.relpath(path, self.root).split(os.sep)[0] in NOT_INPUTS
            ):
                continue
            real = os.path.realpath(path)
            if not real.startswith(self.root + os.sep) or not os.path.isfile(real):
                continue
            rel = os.path.relpath(real, self.root)
            if rel.split(os.sep)[0] in NOT_INPUTS or "__pycache__" in rel.split(os.sep):
                continue
            inputs.append(rel)
        return sorted(inputs)


_REAL_EXIT = os._exit


def _report_hard_exits(
    script: str, result_path: str, changes: Callable[[], list[dict[str, Any]]]
) -> None:
    """Make ``os._exit`` in the snippet's own process leave a result naming its line.

    ``os._exit`` ends the process without unwinding, so nothing else would record where it was
    called. Processes the snippet forks (DDP ranks, pool workers) call it too, legitimately:
    only the snippet's own process reports.
    """
    real_exit = _REAL_EXIT
    own_pid = os.getpid()

    def hard_exit(status: int) -> NoReturn:
        if os.getpid() == own_pid:
            line, frame = 0, sys._getframe(1)
            while frame is not None:
                if os.path.realpath(frame.f_code.co_filename) == script:
                    line = frame.f_lineno
                    break
                frame = frame.f_back  # type: ignore[assignment]
            with contextlib.suppress(OSError):
                sys.stdout.flush()
                Path(result_path).write_text(
                    json.dumps(
                        {
                            "status": "exit",
                            "code": status,
                            "line": line,
                            "message": f"os._exit({status}) ended the process",
                            "changes": changes(),
                        }
                    ),
                    encoding="utf-8",
                )
        real_exit(status)

    os._exit = hard_exit


def _exit_code(result: dict[str, Any]) -> int:
    """The exit status a plain ``python`` run would end with, after ``result``."""
    if result["status"] == "exit":
        return int(result["code"])
    return 1 if result["status"] == "raised" else 0


STATUS = struct.Struct("<i")  # the exit status, as told to the parent: one write, 4 bytes


def _exit_telling(done: Connection | None, own_pid: int) -> Callable[[int], NoReturn]:
    """``os._exit`` for the end of the run: first tell the parent the exit status.

    Multiprocessing ends the process with ``os._exit`` once everything a normal exit does is
    done (threads and child processes joined). Tearing down the memory shared with the fork
    server, and the server's own report of the exit, then take longer than a short snippet's
    run: the parent need not wait for either. The captured output is final from here on (a
    daemon thread still printing writes nowhere).
    """

    def exit_telling(status: int) -> NoReturn:
        if done is not None and os.getpid() == own_pid:
            with contextlib.suppress(OSError, ValueError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                os.dup2(devnull, 2)
                os.write(done.fileno(), STATUS.pack(status))
        _REAL_EXIT(status)

    return exit_telling


def run(
    script: str,
    root: str,
    output_path: str,
    result_path: str,
    figure_dir: str,
    threads: int,
    timeout: float,
    done: Connection | None = None,
) -> None:
    """Execute ``script`` as ``__main__`` and write a JSON result describing how it ended;
    ``done`` is told the exit status just before the process exits."""
    os.setsid()  # own process group: a timeout kills the snippet and anything it started
    own_pid = os.getpid()
    if done is not None:  # not for what the snippet executes (fds arrive here inheritable)
        os.set_inheritable(done.fileno(), False)
    # Its descendants stay below it even in a session of their own, and it dies with the fork
    # server (which dies with the build): nothing it starts outlives the build.
    processes.become_subreaper()
    processes.die_with_parent()
    if os.getppid() == 1:  # the server was already gone
        os._exit(1)
    _release_server()
    _capture(output_path)
    # On a crash, or shortly before the time limit, Python dumps every thread's stack into the
    # captured output; the parent reads the snippet's line number from it.
    faulthandler.enable()
    faulthandler.dump_traceback_later(max(timeout - 0.5, timeout * 0.9), exit=False)
    environment.restrict()  # the server's environment was restricted; this run's is too
    # A working folder of its own, outside the repository: relative paths (its own, and those
    # of programs it starts) land there and go with it.
    workdir = Path(output_path).parent / "cwd"
    workdir.mkdir(exist_ok=True)
    os.chdir(workdir)
    os.environ["SNIPPET_FIGURE_DIR"] = figure_dir
    sys.dont_write_bytecode = True
    sys.argv = [script]
    sys.path[:0] = [str(Path(script).parent), str(Path(root) / "snippets")]
    _reset_state(threads)
    own = [str(workdir.parent), figure_dir, *(os.environ.get(n) for n in OWN_FOLDERS)]
    inputs = _Inputs(root, script, [folder for folder in own if folder])
    _report_hard_exits(os.path.realpath(script), result_path, lambda: inputs.changes)
    result: dict[str, Any] = {"status": "ok"}
    try:
        if script.endswith(".ipynb"):
            _run_notebook(script, root, str(Path(figure_dir).parent / "notebook.ipynb"))
        else:
            runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        # Judged by the parent: an error unless the snippet declares raises=SystemExit.
        exited = _raised(exc, script)
        result = {"status": "ok", "exited": exited}
        if exc.code not in (None, 0):
            result = {
                "status": "exit",
                "code": exc.code if isinstance(exc.code, int) else 1,
                "message": str(exc.code),
                "line": exited["line"],
                "exited": exited,
            }
    except BaseException as exc:  # noqa: BLE001 - every exception is reported to the parent
        result = {"status": "raised", **_raised(exc, script)}
    if os.getpid() != own_pid:  # a copy the snippet forked (os.fork) got here: it just ends
        _REAL_EXIT(_exit_code(result))
    faulthandler.cancel_dump_traceback_later()
    if inputs.spawned:  # what it left running in the background
        processes.kill_tree(os.getpid(), include_root=False)
        inputs.changed_by_processes()
    result["inputs"] = inputs.found()
    if inputs.changes:
        result["changes"] = inputs.changes
    if "torch" in sys.modules:  # which build of its CPU kernels torch chose (see ``machine``)
        with contextlib.suppress(Exception):
            result["cpu"] = sys.modules["torch"].backends.cpu.get_cpu_capability()
    sys.stdout.flush()
    sys.stderr.flush()
    Path(result_path).write_text(json.dumps(result), encoding="utf-8")
    # multiprocessing ends this process with os._exit: not the snippet's, and the parent's cue
    os._exit = _exit_telling(done, own_pid)  # type: ignore[assignment]
