"""Print the warnings anomaly mode raised, keeping only the stack frames of the calling script.

Anomaly mode records the whole Python stack of every forward op. Run under a harness, that stack
starts with the harness's own frames, so a plain ``python script.py`` would print something
different. This helper prints each warning's text with only the frames that belong to the script
(named by ``__file__``), plus the message lines around them, so both runs print the same thing.
"""

from __future__ import annotations

import os
import re
import warnings

FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line \d+, in ')


def print_warnings(caught: list[warnings.WarningMessage], script: str) -> None:
    """Print ``caught`` warnings, dropping traceback frames that are not in ``script``."""
    script = os.path.realpath(script)
    for warning in caught:
        lines = str(warning.message).splitlines()
        kept: list[str] = []
        skip_code_line = False
        for line in lines:
            frame = FRAME.match(line)
            if frame:
                own = os.path.realpath(frame.group("path")) == script
                skip_code_line = not own
                if own:
                    kept.append(f'  File "{os.path.basename(script)}"' + line[frame.end("path") + 1:])
                continue
            if skip_code_line and line.startswith("    "):
                skip_code_line = False
                continue
            skip_code_line = False
            kept.append(line)
        print(f"{warning.category.__name__}: " + "\n".join(kept))
