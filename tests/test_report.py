"""``report``: the wording of problems and of the slowest runs, shared by the front ends."""

from __future__ import annotations

from fieldguide.engine import report
from fieldguide.engine.model import Outcome


def test_an_error_names_every_page_once() -> None:
    failed = Outcome("snippets/a.py", error="snippets/a.py:2: KeyError: 'x'")
    assert report.problem(failed, ["docs/a.md", "docs/b.md", "docs/a.md"]) == (
        "snippets/a.py:2: KeyError: 'x' (used by docs/a.md, docs/b.md)"
    )
    assert report.problem(failed) == "snippets/a.py:2: KeyError: 'x'"


def test_a_drift_says_how_to_accept_it_and_shows_the_diff() -> None:
    drifted = Outcome("snippets/a.py", drift="-old\n+new")
    assert report.problem(drifted, ["docs/a.md"]) == (
        "snippets/a.py: output differs from the committed snapshot (used by docs/a.md); run "
        "`make snapshots` if the change is deliberate\n-old\n+new"
    )
    assert report.problem(Outcome("snippets/a.py")) is None


def test_the_slowest_runs_leave_cache_hits_and_skips_out() -> None:
    outcomes = [Outcome(f"s{n}.py", duration=n, ran=True) for n in range(1, 8)]
    outcomes += [Outcome("hit.py", duration=99, cached=True), Outcome("skip.py", skipped="x")]
    # a snippet that could not be planned (a bad directive, a syntax error) never ran
    outcomes += [Outcome("bad.py", error="bad.py:1: unknown directive")]
    assert report.slowest(outcomes) == [f"  {n:6.2f} s  s{n}.py" for n in (7, 6, 5, 4, 3)]
    assert report.summary(outcomes, 1.25).splitlines()[0] == "10 snippets, 7 executed, 1.2 s"
