"""Judge a run against what its snippet declares: the policy of what counts as an error.

Pure: it reads no file and starts no process, so every rule is tested on records built by hand
(``tests/test_judge.py``). The comparison with the committed snapshot comes after, in the
engine, and only for a run judged good.
"""

from __future__ import annotations

import re

from fieldguide.engine.model import Outcome, Raised, RunRecord
from fieldguide.engine.spec import Snippet

OVERFLOW_SHOWN = 2000  # characters of a run stopped at the output limit shown with its error


def judge(snippet: Snippet, record: RunRecord, *, cached: bool, timeout: float) -> Outcome:
    """The outcome of ``record``, a run of ``snippet`` that had ``timeout`` seconds.

    A run is good if it finished and the snippet declares no exception, or it raised (or
    exited with) the one declared; the page then shows the printed text followed by the
    exception's last line. Anything else is an error naming the snippet's line: another
    exception, no exception where one is declared, a timeout, a crash, an exit status.
    """
    rel, result, output = snippet.rel, record.result, record.output
    outcome = Outcome(
        rel,
        output,
        dict(record.figures),
        duration=record.duration,
        cached=cached,
        notebook=record.notebook,
        tolerance=snippet.tolerance,
        cpu=result.cpu,
    )
    expected = snippet.raises
    raised = result.raised if result.status in ("raised", "ok", "exit") else None
    if result.changes:  # refused, and a failure even if the snippet caught the refusal
        first = result.changes[0]
        outcome.error = (
            f"{rel}:{first.line or 1}: {first.action} {first.path} inside the repository; a "
            "snippet may write only to its temporary folder ($TMPDIR, `tempfile`) and its "
            "figures (`fieldkit.save_svg`)"
        )
        outcome.details = "".join(
            f"{rel}:{c.line or 1}: {c.action} {c.path}\n" for c in result.changes
        )
    elif result.status == "overflow":  # its beginning says what flooded: not a megabyte of it
        outcome.error = f"{rel}:1: {result.message}"
        outcome.details = output[:OVERFLOW_SHOWN] + (
            f"\n[... {len(output) - OVERFLOW_SHOWN:,} more characters not shown]\n"
            if len(output) > OVERFLOW_SHOWN
            else ""
        )
    elif raised is not None and declared(expected, raised):
        if output and not output.endswith("\n"):
            output += "\n"
        outcome.output = output + raised.summary + "\n"
        outcome.raised = raised.summary
    elif result.status == "raised":
        assert raised is not None
        prefix = f"expected {expected}, got " if expected else ""
        outcome.error = f"{rel}:{raised.line or 1}: {prefix}{raised.summary}"
        # What the snippet printed before it raised helps to read the error.
        printed = f"{output.rstrip()}\n\n" if output.strip() else ""
        outcome.details = printed + raised.traceback
    elif result.status == "ok" and raised is not None:  # sys.exit(0) or sys.exit()
        outcome.error = (
            f"{rel}:{raised.line or 1}: exited early with {raised.summary}, which counts as "
            "a failure: a snippet runs to its last line (declare `# snippet: raises=SystemExit` if "
            "exiting is the point)"
        )
        outcome.details = output
    elif result.status == "ok" and expected:
        outcome.error = f"{rel}:1: expected {expected}, but the snippet finished without raising"
    elif result.status == "timeout":
        outcome.error = (
            f"{rel}:{dumped_line(output, rel)}: timed out after {timeout:g} s; the snippet and "
            "the processes it started were killed (raise the limit with "
            "`# snippet: timeout=SECONDS` if it is just slow)"
        )
        outcome.details = output
    elif result.status == "signal":
        outcome.error = f"{rel}:{dumped_line(output, rel)}: crashed with {result.signal}"
        outcome.details = output
    elif result.status == "exit":
        message = result.message
        reason = f": {message}" if message and message != str(result.code) else ""
        outcome.error = (
            f"{rel}:{result.line or 1}: exited with status {result.code} instead of "
            f"finishing{reason}"
        )
        outcome.details = output
    return outcome


def declared(expected: str | None, raised: Raised) -> bool:
    """Whether ``raised`` (by its class or a base, named in full or by its last part) is the
    exception a snippet declares."""
    return expected is not None and any(
        t == expected or t.rsplit(".", 1)[-1] == expected for t in raised.types
    )


def dumped_line(output: str, rel: str) -> int:
    """The innermost line of ``rel`` in a faulthandler dump (most recent call first), or 1."""
    match = re.search(rf'File "{re.escape(rel)}", line (\d+)', output)
    return int(match.group(1)) if match else 1
