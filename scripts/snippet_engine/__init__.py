"""The snippet engine: run teaching snippets once, cache their output, verify it against snapshots.

It knows nothing about MkDocs. A site generator adapter (``scripts/mkdocs_snippets.py``) finds
references in pages and asks :class:`Engine` for results; the command line
(``python -m snippet_engine``) runs, checks and updates snippets without any site generator.
"""

from snippet_engine.engine import Engine, Outcome
from snippet_engine.spec import Snippet, SnippetError

__all__ = ["Engine", "Outcome", "Snippet", "SnippetError"]
