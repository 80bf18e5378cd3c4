"""The snippet engine: run teaching snippets once, cache their output, verify it against snapshots.

It knows nothing about MkDocs. The Markdown extension (``fieldguide.extensions.snippets``) finds
references in pages and asks :class:`Engine` for results; the command line
(``python -m fieldguide.engine``) runs, checks and updates snippets without any site generator.

Where each step lives: ``spec`` parses a snippet, ``plan`` computes its cache key, ``cache``
stores runs, ``runner`` (with ``processes`` and ``child``) runs them in fresh processes,
``normalize`` makes their text portable, ``judge`` decides what an outcome is, ``snapshots`` and
``compare`` check it against the committed output, ``render`` turns it into HTML; ``model`` holds
the records they pass along, ``settings`` their configuration, ``report`` the wording of problems,
and ``engine`` runs the steps in order.
"""

from fieldguide.engine.engine import Engine, Outcome
from fieldguide.engine.spec import Snippet, SnippetError

__all__ = ["Engine", "Outcome", "Snippet", "SnippetError"]
