"""Command line: ``python -m fieldguide.engine {run,check,update} [SNIPPET ...]``.

* ``run`` prints each snippet's output (as a page would show it);
* ``check`` compares every snippet with its committed snapshot and fails with a diff on any
  difference, error, or snapshot whose snippet no longer exists (``--fresh`` ignores the cache);
* ``update`` re-runs and rewrites snapshots after a deliberate change, and removes orphans.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from fieldguide.engine import progress, report, snapshots
from fieldguide.engine.engine import Engine
from fieldguide.engine.settings import Settings, SettingsError


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m fieldguide.engine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=["run", "check", "update"])
    parser.add_argument("snippets", nargs="*", help="paths like snippets/graph/leaf.py")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="repository root")
    parser.add_argument("--fresh", action="store_true", help="ignore cached results")
    parser.add_argument("--jobs", type=int, default=None, help="parallel processes")
    parser.add_argument("--cache-dir", type=Path, default=None, help="where results are cached")
    parser.add_argument(
        "--timeout", type=float, default=None, help="seconds for a snippet without a limit"
    )
    parser.add_argument(
        "--allow-skips",
        action="store_true",
        help="skip, saying why, snippets that need CPU kernels this run forces "
        "off (`# snippet: needs=...`), instead of failing them",
    )
    args = parser.parse_intermixed_args(argv)  # options before or after snippet paths

    try:
        settings = Settings.resolve(
            args.root,
            cache_dir=args.cache_dir,
            jobs=args.jobs,
            timeout=args.timeout,
            allow_skips=args.allow_skips,
        )
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    engine = Engine.from_settings(settings)
    rels = args.snippets or engine.all_snippets() + engine.all_notebooks()
    started = time.perf_counter()
    updating = args.command == "update"
    batch = engine.start(rels, fresh=args.fresh or updating, recording=updating)
    progress.show_until_done(batch)
    outcomes = batch.wait()
    failed = 0
    for rel, outcome in outcomes.items():
        if args.command == "run":
            print(f"==> {rel}")
            print(outcome.display, end="")
        if outcome.skipped:
            print(f"skipped: {rel}: {outcome.skipped}", file=sys.stderr)
        elif outcome.error:
            failed += 1
            print(f"error: {report.problem(outcome)}", file=sys.stderr)
            if outcome.details:
                print(outcome.details.rstrip("\n"), file=sys.stderr)
        elif args.command == "update":
            for path in engine.update_snapshots(outcome):
                print(f"updated {path.relative_to(engine.root)}")
        elif outcome.drift and args.command == "check":
            failed += 1
            print(f"error: {report.problem(outcome)}", file=sys.stderr)
    orphans = snapshots.orphans(engine.root) if not args.snippets else []
    for path in orphans:
        rel_path = path.relative_to(engine.root)
        if args.command == "update":
            path.unlink()
            print(f"removed {rel_path} (its snippet no longer exists)")
        else:
            failed += 1
            print(
                f"error: {rel_path}: snapshot of a snippet that no longer exists", file=sys.stderr
            )
    print(report.summary(list(outcomes.values()), time.perf_counter() - started), file=sys.stderr)
    if failed:
        print(f"{failed} problem(s)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
