"""What a person sees while snippets run: done/total, the longest run under way, elapsed time.

On a terminal, one live line (rich); elsewhere (CI logs, a build's log) a plain line every
:data:`EVERY` seconds while something runs, so a long run is never silent and a log is not
flooded.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from fieldguide.engine.engine import Batch, Progress

EVERY = 10.0  # seconds between plain lines
LIVE_EVERY = 0.25  # seconds between refreshes of the live line


def describe(progress: Progress) -> str:
    """``snippets: 12/88 · 34 s · longest running: snippets/x.py (8 s)``."""
    line = f"snippets: {progress.done}/{progress.total} · {progress.elapsed:.0f} s"
    if progress.running:
        rel, seconds = progress.running[0]
        line += f" · longest running: {rel} ({seconds:.0f} s)"
    return line


def interactive(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal a person watches (not CI's log)."""
    return stream.isatty() and not os.environ.get("CI")


def watch(batch: Batch, say: Callable[[str], None], every: float = EVERY) -> threading.Thread:
    """Say how ``batch`` is doing every ``every`` seconds while it has runs under way, from a
    background thread that ends with the batch."""

    def loop() -> None:
        stopped = threading.Event()
        while not stopped.wait(every):
            progress = batch.progress()
            if progress.finished:
                return
            if progress.running:
                say(describe(progress))

    thread = threading.Thread(target=loop, name="snippet-progress", daemon=True)
    thread.start()
    return thread


def show_until_done(batch: Batch, stream: TextIO = sys.stderr) -> None:
    """Show ``batch``'s progress on ``stream`` until every outcome is known: a live line on a
    terminal, plain lines elsewhere."""
    if not interactive(stream):
        watch(batch, lambda line: print(line, file=stream, flush=True))
        batch.wait()
        return
    from rich.console import Console
    from rich.live import Live

    with Live(console=Console(file=stream), refresh_per_second=4, transient=True) as live:
        while not (progress := batch.progress()).finished:
            live.update(describe(progress))
            threading.Event().wait(LIVE_EVERY)
