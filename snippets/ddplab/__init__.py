"""Run one function on several CPU processes joined by a gloo process group.

``run_on_ranks(worker)`` starts two processes, joins them into one process group over the
loopback interface, calls ``worker(rank, world_size)`` in each, and returns what each rank
returned, in rank order.

On Linux a rank is a *fork* of the calling process, which has already imported torch, so it is
ready in milliseconds. On macOS and Windows, where forking a process that has imported torch is
unsafe or impossible, a rank is a fresh interpreter (*spawn*) that imports torch, and the calling
script, again.

Only the parent prints. Each rank's own stdout and stderr go to a log file, so nothing two
processes write can interleave; a rank whose ``worker`` raises sends back a :class:`RankError`
(the exception's type and message) instead of a value. A script that uses this must call it
under ``if __name__ == "__main__":``, because a spawned process imports the script that started
it before it runs ``worker``.
"""

from __future__ import annotations

import os
import pickle
import socket
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

START_METHOD = "fork" if sys.platform == "linux" else "spawn"


@dataclass(frozen=True)
class RankError:
    """What a rank sends back when ``worker`` raised: the exception's type name and message."""

    type_name: str
    message: str


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _rank_main(rank: int, world_size: int, port: int, worker: Callable[[int, int], Any],
               results: Any, log_dir: str) -> None:
    """What each rank runs: silence its output, join the group, call ``worker``."""
    log = os.open(Path(log_dir) / f"rank{rank}.log", os.O_WRONLY | os.O_CREAT, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    # One intra-op thread per rank: the ranks share this machine's cores, and a forked rank must
    # not use an OpenMP thread pool its parent started (that can hang).
    torch.set_num_threads(1)
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    # torch reads TORCH_DISTRIBUTED_DEBUG once, when torch.distributed is imported; a forked rank
    # inherited the parent's import, so read it again in case the parent set it since.
    dist.set_debug_level_from_env()
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    # Every rank connected before any runs its worker: a worker that fails at once would
    # otherwise close its connections while another rank is still making its own.
    dist.barrier()
    try:
        outcome: Any = worker(rank, world_size)
    except Exception as exc:  # noqa: BLE001 - the parent decides what an error means
        traceback.print_exc()
        outcome = RankError(type(exc).__name__, str(exc))
    # Plain pickle copies tensors by value; torch's own queue would pass shared memory instead,
    # which the parent could no longer open once this process has exited.
    results.put((rank, pickle.dumps(outcome)))
    dist.destroy_process_group()


def run_on_ranks(worker: Callable[[int, int], Any], world_size: int = 2) -> list[Any]:
    """Run ``worker(rank, world_size)`` in ``world_size`` processes; return results by rank."""
    port = free_port()
    results = mp.get_context(START_METHOD).SimpleQueue()
    with tempfile.TemporaryDirectory() as log_dir:
        try:
            mp.start_processes(_rank_main, args=(world_size, port, worker, results, log_dir),
                               nprocs=world_size, join=True, start_method=START_METHOD)
        except (mp.ProcessRaisedException, mp.ProcessExitedException) as exc:
            logs = "".join(p.read_text() for p in sorted(Path(log_dir).glob("*.log")))
            raise RuntimeError(f"a rank failed ({exc}); the ranks' logs:\n{logs}") from None
        by_rank = dict(results.get() for _ in range(world_size))
    return [pickle.loads(by_rank[rank]) for rank in range(world_size)]
