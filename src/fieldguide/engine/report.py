"""What the front ends say about outcomes, worded once: a problem line per failed or drifted
snippet (naming the pages that use it), and the slowest runs."""

from __future__ import annotations

from collections.abc import Iterable

from fieldguide.engine.model import Outcome

SLOWEST = 5  # runs listed after a build or check


def problem(outcome: Outcome, used_by: Iterable[str] = ()) -> str | None:
    """The problem ``outcome`` is, in one paragraph (``None`` if it is fine): the error, or the
    drift from the committed snapshot with the command that accepts it, and its diff."""
    pages = ", ".join(dict.fromkeys(used_by))
    where = f" (used by {pages})" if pages else ""
    if outcome.error:
        return f"{outcome.error}{where}"
    if outcome.drift:
        return (
            f"{outcome.rel}: output differs from the committed snapshot{where}; run "
            f"`make snapshots` if the change is deliberate\n{outcome.drift}"
        )
    return None


def slowest(outcomes: Iterable[Outcome], count: int = SLOWEST) -> list[str]:
    """A line for each of the ``count`` longest runs of this build (cache hits took no time)."""
    ran = sorted(
        (o for o in outcomes if o.ran),
        key=lambda o: o.duration,
        reverse=True,
    )
    return [f"  {o.duration:6.2f} s  {o.rel}" for o in ran[:count]]


def summary(outcomes: list[Outcome], elapsed: float | None = None) -> str:
    """``N snippets, M executed[, T s]`` and the slowest runs below it."""
    ran = sum(1 for o in outcomes if o.ran)
    took = f", {elapsed:.1f} s" if elapsed is not None else ""
    return "\n".join([f"{len(outcomes)} snippets, {ran} executed{took}", *slowest(outcomes)])
