"""Leave no process behind: find and kill every descendant of a process, whatever its group.

A snippet may start processes in a new session (``start_new_session=True``), out of reach of
the process-group kill that ends a snippet. Three Linux mechanisms close the gaps:

* every snippet process and the fork server are *child subreapers*
  (``PR_SET_CHILD_SUBREAPER``): an orphaned descendant is re-parented to the nearest of them
  instead of to init, so the process tree below a snippet stays whole while it runs, and
  whatever a crashed snippet left behind stays below the fork server;
* every snippet process dies with the fork server (``PR_SET_PDEATHSIG``), and the fork server
  kills everything below it when it exits, which it does as soon as the build that started it
  is gone (even after ``kill -9``: its end of a pipe closes);
* the tree is read from ``/proc`` and killed stopped-first, so nothing forks while it dies.

Elsewhere (macOS) these are no-ops and the process-group kill is what remains.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import signal
import sys
from pathlib import Path

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
LINUX = sys.platform.startswith("linux")


def _prctl(option: int, value: int) -> None:
    if LINUX:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def become_subreaper() -> None:
    """Adopt this process's orphaned descendants (instead of init)."""
    _prctl(PR_SET_CHILD_SUBREAPER, 1)


def die_with_parent() -> None:
    """Get SIGKILL when the parent (thread) that started this process exits."""
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def children_map() -> dict[int, list[int]]:
    """Parent pid -> child pids, for every process visible in ``/proc``."""
    found: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir() if LINUX else ():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may contain spaces and parentheses
        fields = stat[stat.rindex(")") + 2 :].split()
        found.setdefault(int(fields[1]), []).append(int(entry.name))
    return found


@functools.cache
def _children_files() -> bool:
    """Whether this kernel lists each thread's children in ``/proc`` (CONFIG_PROC_CHILDREN)."""
    return Path(f"/proc/self/task/{os.getpid()}/children").exists()


def descendants(pid: int) -> list[int]:
    """Every living descendant of ``pid`` (not ``pid`` itself), parents before children."""
    if _children_files():

        def children(parent: int) -> list[int]:
            try:
                return [
                    int(child)
                    for task in Path(f"/proc/{parent}/task").iterdir()
                    for child in (task / "children").read_text().split()
                ]
            except (OSError, ValueError):
                return []
    else:
        tree = children_map()

        def children(parent: int) -> list[int]:
            return tree.get(parent, [])

    order, todo = [], children(pid)
    while todo:
        child = todo.pop(0)
        order.append(child)
        todo.extend(children(child))
    return order


def kill_tree(pid: int, *, include_root: bool = True) -> None:
    """SIGKILL ``pid`` (unless ``include_root`` is False) and everything below it.

    The tree is stopped first and read again, so a process that forks meanwhile cannot leave
    a child behind.
    """
    below = descendants(pid)
    if not below and not include_root:
        return
    victims = ([pid] if include_root else []) + below
    for victim in victims:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(victim, signal.SIGSTOP)
    victims += [p for p in descendants(pid) if p not in victims]
    for victim in victims:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(victim, signal.SIGKILL)


def alive(pid: int) -> bool:
    """True if ``pid`` runs (a zombie waiting to be reaped does not count)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return not LINUX
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return state.split()[1] not in {"Z", "X"}
