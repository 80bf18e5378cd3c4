"""Which files and libraries a snippet depends on, found by reading its imports.

A snippet's cache key covers its own source, every repository module it imports (transitively,
resolved under the snippet's folder and the snippets root), and the installed version of every
third-party distribution it imports. Imports are read statically with :mod:`ast`; a module
loaded dynamically (``importlib.import_module(name_in_a_variable)``) is not seen.
"""

from __future__ import annotations

import ast
import functools
import os
import re
import sys
import threading
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from fieldguide.engine.notebooks import python_source


def imported_modules(source: str, filename: str = "<unknown>") -> set[str]:
    """Dotted names a module imports, including ``pkg.mod`` for ``from pkg import mod``."""
    return set(_imports(source, filename)[0])


Relative = tuple[tuple[int, tuple[str, ...]], ...]  # (level, names) of each ``from . import`` line


@functools.lru_cache(maxsize=4096)
def _imports(source: str, filename: str) -> tuple[frozenset[str], Relative]:
    """One parse of ``source``: its absolute imports, and its relative ones as (level, names).

    Cached by content: helper modules that many snippets import are parsed once per build.
    """
    names: set[str] = set()
    relative: list[tuple[int, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            prefix = [node.module] if node.module else []
            relative.append(
                (
                    node.level,
                    tuple(prefix + [".".join([*prefix, alias.name]) for alias in node.names]),
                )
            )
    return frozenset(names), tuple(relative)


def _module_file(name: str, roots: list[Path], looked: set[Path] | None = None) -> list[Path]:
    """Files under ``roots`` that importing ``name`` executes (package ``__init__`` files too);
    every folder it looked in is added to ``looked``."""
    parts = name.split(".")
    for root in roots:
        found: list[Path] = []
        base = root
        for i, part in enumerate(parts):
            if looked is not None:
                looked.add(base)
            package = base / part / "__init__.py"
            module = base / f"{part}.py"
            if package.is_file():
                found.append(package)
                base = base / part
            elif module.is_file() and i == len(parts) - 1:
                found.append(module)
                break
            elif (base / part).is_dir() and i < len(parts) - 1:
                base = base / part  # a namespace package: a folder whose import runs nothing
            else:
                break
        if found:
            return found
    return []


def _relative_imports(source: str, module: Path, looked: set[Path] | None = None) -> list[Path]:
    """Files that the relative imports of ``module`` (``from .core import x``) execute."""
    found: list[Path] = []
    for level, names in _imports(source, str(module))[1]:
        if level <= len(module.parents):
            base = module.parents[level - 1]
            for name in names:
                found.extend(_module_file(name, [base], looked))
    return found


Stamps = tuple[tuple[str, int | None], ...]
_found: dict[tuple[Path, Path], tuple[Stamps, tuple[list[Path], set[str]]]] = {}
_finding = threading.Lock()


def local_dependencies(script: Path, snippets_root: Path) -> tuple[list[Path], set[str]]:
    """Repository files ``script`` imports (transitively) and the top-level names it imports.

    Returns the sorted local files (excluding ``script``) and the set of top-level module names
    imported anywhere in that closure that are *not* local, i.e. stdlib or third-party.

    Remembered in this process until a file it read changes, or a folder it looked in (a
    module added there could be the one an import now finds): a build asks once to make the
    snippet's key and once to publish its helpers, and ``mkdocs serve`` asks on every rebuild.
    """
    with _finding:
        known = _found.get((script, snippets_root))
        if known is not None and _stamps(name for name, _ in known[0]) == known[0]:
            return list(known[1][0]), set(known[1][1])
        looked: set[Path] = set()
        found = _local_dependencies(script, snippets_root, looked)
        read = [script, *found[0]]
        looked |= {snippets_root, *(path.parent for path in read)}
        stamps = _stamps(str(p) for p in [*read, *sorted(looked)])
        found = _local_dependencies(script, snippets_root, looked)  # after the stamps: an edit
        # saved meanwhile changes a stamp, so the next call reads again
        _found[(script, snippets_root)] = (stamps, found)
        return list(found[0]), set(found[1])


def _stamps(paths: Iterable[str]) -> Stamps:
    """Each path with its modification time (None once it is gone)."""
    stamps: list[tuple[str, int | None]] = []
    for path in paths:
        try:
            stamps.append((path, os.stat(path).st_mtime_ns))
        except OSError:
            stamps.append((path, None))
    return tuple(stamps)


def _local_dependencies(
    script: Path, snippets_root: Path, looked: set[Path]
) -> tuple[list[Path], set[str]]:
    seen: set[Path] = set()
    external: set[str] = set()
    pending = [script]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        roots = [current.parent, snippets_root]
        source = python_source(current)
        pending.extend(_relative_imports(source, current, looked))
        for name in imported_modules(source, str(current)):
            files = _module_file(name, roots, looked)
            if files:
                pending.extend(files)
            else:
                external.add(name.split(".")[0])
    seen.discard(script)
    local_tops = {p.relative_to(snippets_root).parts[0] for p in seen if snippets_root in p.parents}
    local_tops |= {script.stem}
    return sorted(seen), {n for n in external if n not in local_tops}


class _Installed:
    """The installed distributions as :func:`library_versions` reads them: the ones providing
    each top-level module, and their versions. Finding which provide what reads every
    distribution's list of files, a third of a second, so it is done once per process."""

    stamps: list[list[Any]] | None = None  # this process's, taken once
    names: list[str] | None = None  # the metadata folders' names among them
    by_module: dict[str, list[str]] | None = None
    versions: dict[str, str | None] = {}


def _installed_stamps() -> list[list[Any]]:
    """Each folder of ``sys.path`` that holds distributions' metadata, with each metadata
    folder's stamp. (Folders without any, such as the running script's, which differs from one
    program to the next, tell nothing about what is installed.)"""
    rows: list[list[Any]] = []
    for entry in dict.fromkeys(sys.path):
        try:
            with os.scandir(entry or ".") as found:
                metadata_entries = [
                    e
                    for e in found
                    if e.name.endswith((".dist-info", ".egg-info", ".egg-link", ".pth"))
                ]
        except OSError:  # not a folder (a zip file, a path that is gone)
            continue
        names = []
        for e in metadata_entries:
            try:
                stamp: int | None = e.stat(follow_symlinks=False).st_mtime_ns
            except OSError:
                stamp = None
            names.append([e.name, stamp])
        if names:
            rows.append([os.path.abspath(entry or "."), sorted(names, key=lambda n: n[0])])
    return rows


def dependency_versions(distributions: Iterable[str]) -> dict[str, str]:
    """The installed versions of ``distributions`` and of everything they require, transitively:
    what a run's result may depend on beyond the modules it imports (torch.compile's output
    depends on sympy's version). The optional dependencies of ``distributions`` themselves count
    too (torch uses optree when it is installed), but not those of a development extra.
    Installing a tool nothing imported requires (a test runner, a linter) changes nothing."""
    found: dict[str, str] = {}
    todo = [(str(canonicalize_name(name)), True) for name in distributions]
    while todo:
        name, imported = todo.pop()
        if name in found:
            continue
        version = _version(name)
        if version is None:
            continue
        found[name] = version
        todo += [(required, False) for required in _requirements(name, imported)]
    return dict(sorted(found.items()))


DEVELOPMENT_EXTRAS = {"dev", "develop", "test", "tests", "testing", "docs", "doc", "lint", "check"}


@functools.cache
def _requirements(distribution: str, optional: bool) -> list[str]:
    """The distributions ``distribution`` requires on this platform; with ``optional``, those of
    its extras too, development extras aside."""
    try:
        listed = metadata.requires(distribution) or []
    except metadata.PackageNotFoundError:
        return []
    found = []
    for line in listed:
        requirement = Requirement(line)
        marker = requirement.marker
        extras = set(re.findall(r'extra == "([^"]+)"', str(marker))) if marker else set()
        if (
            marker is None
            or marker.evaluate({"extra": ""})
            or optional
            and any(marker.evaluate({"extra": extra}) for extra in extras - DEVELOPMENT_EXTRAS)
        ):
            found.append(str(canonicalize_name(requirement.name)))
    return found


def _installed() -> type[_Installed]:
    """The installed distributions, read once per process."""
    if _Installed.stamps is None:
        _Installed.stamps = _installed_stamps()
    return _Installed


def _distributions_by_module() -> dict[str, list[str]]:
    installed = _installed()
    if installed.by_module is None:
        installed.by_module = dict(metadata.packages_distributions())
    return installed.by_module


def _version(distribution: str) -> str | None:
    versions = _installed().versions
    if distribution not in versions:
        try:
            versions[distribution] = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            versions[distribution] = None
    return versions[distribution]


def library_versions(top_level_names: set[str]) -> dict[str, str]:
    """Installed versions of the third-party distributions providing ``top_level_names``.

    Reads package metadata only; nothing is imported.
    """
    versions: dict[str, str] = {}
    mapping = _distributions_by_module()
    for name in sorted(top_level_names):
        if name in sys.stdlib_module_names:
            continue
        for dist in mapping.get(name, []):
            version = _version(dist)
            if version is not None:
                versions[dist] = version
    return versions


def summary(path: Path) -> str:
    """The first line of a module's docstring (of its package's, for a module without one)."""
    for candidate in (path, path.parent / "__init__.py"):
        try:
            line = _first_docstring_line(candidate.read_text(encoding="utf-8"))
        except OSError:
            line = ""
        if line:
            return line
    return ""


@functools.lru_cache(maxsize=1024)
def _first_docstring_line(source: str) -> str:
    """Parsed once per content: a helper imported by many snippets is read for each of them."""
    try:
        doc = ast.get_docstring(ast.parse(source))
    except (SyntaxError, ValueError):
        return ""
    return doc.strip().splitlines()[0] if doc else ""
