"""The snippet engine: run teaching snippets once, cache their output, verify it against snapshots.

It knows nothing about MkDocs. A site generator adapter (``scripts/mkdocs_snippets.py``) finds
references in pages and asks :class:`Engine` for results; the command line
(``python -m snippet_engine``) runs, checks and updates snippets without any site generator.

Where each step lives: ``spec`` parses a snippet, ``plan`` computes its cache key, ``cache``
stores runs, ``runner`` (with ``processes`` and ``child``) runs them in fresh processes,
``normalize`` makes their text portable, ``judge`` decides what an outcome is, ``snapshots`` and
``compare`` check it against the committed output, ``render`` turns it into HTML; ``model`` holds
the records they pass along, ``settings`` their configuration, ``report`` the wording of problems,
and ``engine`` runs the steps in order (``lookup`` makes its plans and cache lookup in a forked
child).
"""

from snippet_engine.engine import Engine, Outcome
from snippet_engine.spec import Snippet, SnippetError

__all__ = ["Engine", "Outcome", "Snippet", "SnippetError"]
