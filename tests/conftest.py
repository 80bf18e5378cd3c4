"""Shared builders: throwaway repositories with snippets, pages and a minimal MkDocs site.

Every test works on its own repository under ``tmp_path`` (a ``snippets/`` folder with the real
``fieldkit`` helpers copied in, a ``docs/`` folder and a ``mkdocs.yml`` that loads the real
hooks file), so nothing here touches the project's own snippets, snapshots, cache or site.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

MAIN = Path(__file__).resolve().parents[1]
SCRIPTS = MAIN / "scripts"
HOOKS = SCRIPTS / "mkdocs_snippets.py"
FIELDKIT = MAIN / "snippets" / "fieldkit"

if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

from snippet_engine import Engine, Outcome, runner  # noqa: E402

MKDOCS_YML = """\
site_name: Mini site
site_url: https://example.invalid/
theme:
  name: mkdocs
hooks:
  - {hooks}
markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - pymdownx.highlight:
      anchor_linenums: true
      line_spans: __span
      pygments_lang_class: true
  - pymdownx.superfences
"""

SUBPROCESS_LIMIT = 240  # seconds; a safety net against a hung child, not a speed check


def tool_env() -> dict[str, str]:
    """Environment for ``python -m mkdocs`` / ``python -m snippet_engine`` subprocesses."""
    env = dict(os.environ)
    env.pop("SNIPPETS_EXECUTE", None)
    paths = [str(SCRIPTS)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


@dataclass
class Repo:
    """A throwaway repository: ``root`` holds snippets/, docs/ and mkdocs.yml."""

    root: Path
    cache: Path

    # -- files ------------------------------------------------------------------------------
    def write(self, rel: str, text: str) -> str:
        """Write ``text`` (dedented) to ``root / rel``; return ``rel``."""
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return rel

    def page(self, name: str, text: str) -> Path:
        """Write a Markdown page under docs/."""
        self.write(f"docs/{name}", text)
        return self.root / "docs" / name

    def read(self, rel: str) -> str:
        return (self.root / rel).read_text(encoding="utf-8")

    def count(self, name: str) -> int:
        """Lines in a counter file a snippet appends to (0 if it does not exist)."""
        path = self.root / name
        return len(path.read_text().splitlines()) if path.is_file() else 0

    # -- the engine -------------------------------------------------------------------------
    def engine(self, **kwargs: object) -> Engine:
        kwargs.setdefault("cache_dir", self.cache)
        kwargs.setdefault("jobs", 2)
        return Engine(self.root, **kwargs)  # type: ignore[arg-type]

    def run(self, *rels: str, fresh: bool = False, **kwargs: object) -> dict[str, Outcome]:
        return self.engine(**kwargs).results(list(rels), fresh=fresh)

    def run_one(self, rel: str, **kwargs: object) -> Outcome:
        return self.run(rel, **kwargs)[rel]

    def record(self, *rels: str) -> dict[str, Outcome]:
        """Run ``rels`` with the repository's default cache (the one a site build uses) and
        write their snapshots, as ``make snapshots`` would."""
        engine = Engine(self.root, jobs=2)
        outcomes = engine.results(list(rels))
        for outcome in outcomes.values():
            assert outcome.error is None, outcome.error
            engine.update_snapshots(outcome)
        return outcomes

    # -- tools in subprocesses --------------------------------------------------------------
    def build(self, *extra: str, strict: bool = True) -> subprocess.CompletedProcess[str]:
        """``python -m mkdocs build`` in the repository."""
        cmd = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), *extra]
        return subprocess.run(cmd, cwd=self.root, env=tool_env(), capture_output=True, text=True,
                              timeout=SUBPROCESS_LIMIT, check=False)

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``python -m snippet_engine ... --root <repo>``."""
        cmd = [sys.executable, "-m", "snippet_engine", *args, "--root", str(self.root)]
        return subprocess.run(cmd, cwd=self.root, env=tool_env(), capture_output=True, text=True,
                              timeout=SUBPROCESS_LIMIT, check=False)

    def site_html(self, page: str = "index.html") -> str:
        return (self.root / "site" / page).read_text(encoding="utf-8")


def make_repo(base: Path) -> Repo:
    """A fresh repository under ``base`` with the real fieldkit helpers and hooks."""
    root = base / "repo"
    (root / "snippets").mkdir(parents=True)
    (root / "docs").mkdir()
    shutil.copytree(FIELDKIT, root / "snippets" / "fieldkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (root / "mkdocs.yml").write_text(MKDOCS_YML.format(hooks=HOOKS), encoding="utf-8")
    return Repo(root, base / "cache")


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path)


@pytest.fixture(scope="session", autouse=True)
def warm_fork_server() -> None:
    """Start this process's fork server with torch preloaded, as ``Engine.prewarm`` does, so
    every test runs snippets the way a build does (and in any order)."""
    runner.start_server(["numpy", "torch"])


# -- helpers for assertions -----------------------------------------------------------------
def line_of(source: str, needle: str) -> int:
    """1-based number of the only line of ``source`` containing ``needle``."""
    hits = [n for n, line in enumerate(source.splitlines(), 1) if needle in line]
    assert len(hits) == 1, f"{needle!r} found on lines {hits}"
    return hits[0]


def wait_until(condition: Callable[[], bool], limit: float = 10.0) -> bool:
    """Poll ``condition`` until it holds or ``limit`` seconds pass; return its last value."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            return condition()
        time.sleep(0.05)
    return True


def process_gone(pid: int) -> bool:
    """True if ``pid`` no longer runs (absent, or a zombie waiting to be reaped)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return True
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return state.split()[1] in {"Z", "X"}


class Elements(HTMLParser):
    """Every start tag of a document with its attributes, and the text of its scripts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._script = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._script = tag == "script"
        if self._script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = False

    def handle_data(self, data: str) -> None:
        if self._script:
            self.scripts[-1] += data

    def named(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.tags if name == tag]


TAG = re.compile(r"<[^>]+>")


def text_of(fragment: str) -> str:
    """The text of an HTML fragment: tags dropped, entities decoded."""
    return html.unescape(TAG.sub("", fragment))


def output_blocks(page_html: str) -> list[str]:
    """The text of every snippet output ``<pre>`` in a built page."""
    return [html.unescape(m) for m in re.findall(
        r'<pre class="snippet-text"><code>(.*?)</code></pre>', page_html, re.S)]


def source_blocks(page_html: str) -> dict[str, str]:
    """Source code blocks by title: the ``<code>`` HTML following each ``filename`` span."""
    found = {}
    pattern = r'<span class="filename">(.*?)</span><pre>.*?<code>(.*?)</code></pre>'
    for title, code in re.findall(pattern, page_html, re.S):
        found[html.unescape(title)] = code
    return found


def all_json(folder: Path) -> Iterable[Path]:
    return sorted(folder.rglob("*.json"))
