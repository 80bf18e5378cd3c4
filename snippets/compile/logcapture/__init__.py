"""Collect what torch's logging prints (``TORCH_LOGS`` artifacts and warnings) as plain text.

torch writes its logs to stderr with a prefix that changes on every run (level, timestamp,
process id, source line). :func:`torch_logs` turns on the artifacts you name, exactly like
``torch._logging.set_logs(**artifacts)`` or ``TORCH_LOGS=...``, and hands you the message text
of every record instead, one string per record, so a snippet can print the lines that matter.
:func:`without_source_comments` drops the ``# code  # file.py:line in fn`` comments Dynamo appends
to guard lines: their file part depends on where the checkout and torch are installed.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator

import torch


class _Collect(logging.Handler):
    def __init__(self, messages: list[str]) -> None:
        super().__init__(logging.DEBUG)
        self.messages = messages

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if message:
            self.messages.append(message)


@contextlib.contextmanager
def torch_logs(**artifacts: bool) -> Iterator[list[str]]:
    """``with torch_logs(recompiles=True) as messages:`` collects torch's log records.

    Without arguments it collects only what torch logs by default: warnings.
    """
    messages: list[str] = []
    collect = _Collect(messages)
    torch._logging.set_logs(**artifacts)
    saved = {}
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if (isinstance(logger, logging.Logger) and logger.handlers
                and name.split(".")[0] == "torch" and name != "torch.__trace"):
            saved[name] = logger.handlers[:]
            logger.handlers = [collect]
    try:
        yield messages
    finally:
        for name, handlers in saved.items():
            logging.getLogger(name).handlers = handlers
        torch._logging.set_logs()


_SOURCE_COMMENT = re.compile(r"[ \t]+#[ \t][^\n]*?\.py:\d+ in [\w<>]+")


def without_source_comments(text: str) -> str:
    """``x == 2  # return x * n  # file.py:4 in f`` -> ``x == 2``; the rest of the line stays."""
    return _SOURCE_COMMENT.sub("", text)
