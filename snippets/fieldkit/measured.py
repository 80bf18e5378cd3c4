"""Mark a printed value as a measurement (a time, a memory figure) that differs between runs.

``print(f"step took {measured(f'{dt * 1e3:.1f} ms')}")`` prints ``step took ⟪12.3 ms⟫``.
The page shows ``12.3 ms``; the committed snapshot stores ``⟪measured⟫`` in its place, so the
snapshot check compares everything else exactly. Nothing that is not marked is exempt.
"""

from __future__ import annotations

OPEN = "\u27ea"  # ⟪
CLOSE = "\u27eb"  # ⟫


def measured(text: object) -> str:
    """Wrap ``text`` in the measurement markers the snippet engine recognises."""
    value = str(text)
    if OPEN in value or CLOSE in value or "\n" in value:
        raise ValueError("a measured value is one line and cannot contain the markers")
    return f"{OPEN}{value}{CLOSE}"
