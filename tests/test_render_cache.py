"""``overrides/hooks/render_cache.py``: a page's Markdown is converted once per content, and
what a conversion checks (links, anchors, warnings) is still checked on every build."""

from __future__ import annotations

import importlib.util
import zlib
from pathlib import Path

import markdown
import pytest
from fixtures.small_site import HOOKS, build_site, calls_to, small_site
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

CONFIG = """\
theme:
  name: mkdocs
markdown_extensions:
  - toc:
      permalink: true
  - pymdownx.superfences
validation:
  anchors: warn
"""
PAGES = {
    "index.md": "# Home\n\nSee [the part](other.md#the-part).\n\n## Start here\n\nText.\n",
    "other.md": "# Other\n\n## The part\n\n```python\nprint(1)\n```\n",
}


@pytest.fixture
def converted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The first line of every Markdown text converted from now on."""
    return calls_to(monkeypatch, markdown.Markdown, "convert", lambda text: text.split("\n")[0])


def _site(tmp_path: Path, pages: dict[str, str] = PAGES) -> Path:
    return small_site(tmp_path, pages, CONFIG, ["render_cache.py"])


def _pages(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*.html"))}


def test_an_unchanged_page_is_not_converted_again(
    tmp_path: Path, converted: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the theme prints the build's date
    root = _site(tmp_path)
    first = _pages(build_site(root))
    assert sorted(converted) == ["# Home", "# Other"]
    converted.clear()
    second = _pages(build_site(root))
    assert converted == []
    assert second == first  # the same HTML, table of contents and title


def test_an_edited_page_alone_is_converted_again(tmp_path: Path, converted: list[str]) -> None:
    root = _site(tmp_path)
    build_site(root)
    converted.clear()
    (root / "docs" / "other.md").write_text(
        "# Other\n\n## The part\n\nA new sentence.\n", encoding="utf-8"
    )
    site = build_site(root)
    assert converted == ["# Other"]
    assert "A new sentence." in (site / "other" / "index.html").read_text(encoding="utf-8")


def test_a_broken_link_warns_on_every_build(tmp_path: Path) -> None:
    root = _site(tmp_path, {**PAGES, "index.md": "# Home\n\nSee [gone](gone.md).\n"})
    for _ in range(2):
        with pytest.raises(Abort):
            build_site(root)
    assert len(list((root / ".cache" / "render").glob("*.json"))) == 1  # other.md's alone


def test_a_page_that_links_to_a_removed_page_warns(tmp_path: Path) -> None:
    root = _site(tmp_path)
    build_site(root)
    (root / "docs" / "other.md").unlink()
    with pytest.raises(Abort):  # index.md did not change, but what its link points to did
        build_site(root)


def test_a_link_to_a_removed_heading_warns(tmp_path: Path, converted: list[str]) -> None:
    root = _site(tmp_path)
    build_site(root)
    (root / "docs" / "other.md").write_text("# Other\n\nNo part any more.\n", encoding="utf-8")
    converted.clear()
    with pytest.raises(Abort):  # checked against the cached page's links to anchors
        build_site(root)
    assert converted == ["# Other"]  # index.md came from the cache


DOCSTRING_CONFIG = """\
theme:
  name: mkdocs
plugins:
  - mkdocstrings:
      handlers:
        python:
          paths: [src]
"""
PACKAGE = '''"""The package's own words."""


def twice(x: int) -> int:
    """Return {word} ``x``."""
    return 2 * x
'''


def _docstring_site(tmp_path: Path) -> Path:
    root = small_site(
        tmp_path, {"index.md": "# API\n\n::: pkg\n"}, DOCSTRING_CONFIG, ["render_cache.py"]
    )
    (root / "src" / "pkg").mkdir(parents=True)
    (root / "src" / "pkg" / "__init__.py").write_text(PACKAGE.format(word="double"), "utf-8")
    return root


def test_a_docstring_page_is_kept_with_its_inventory(
    tmp_path: Path, converted: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the theme prints the build's date
    root = _docstring_site(tmp_path)
    site = build_site(root)
    first, inventory = (site / "index.html").read_bytes(), (site / "objects.inv").read_bytes()
    assert b"double" in first and b"pkg.twice" in zlib.decompress(inventory.split(b"\n", 4)[4])
    assert "# API" in converted
    converted.clear()
    site = build_site(root)
    assert converted == []  # neither the page nor a docstring
    assert (site / "index.html").read_bytes() == first
    assert (site / "objects.inv").read_bytes() == inventory


def test_a_docstring_page_is_converted_again_once_its_package_changes(
    tmp_path: Path, converted: list[str]
) -> None:
    root = _docstring_site(tmp_path)
    build_site(root)
    (root / "src" / "pkg" / "__init__.py").write_text(PACKAGE.format(word="triple"), "utf-8")
    converted.clear()
    site = build_site(root)
    assert "# API" in converted
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "triple" in page and "double" not in page


def test_a_page_documenting_a_package_not_found_is_not_kept(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("render_cache_rule", HOOKS / "render_cache.py")
    assert spec and spec.loader
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    root = _docstring_site(tmp_path)
    config = load_config(str(root / "mkdocs.yml"))
    assert hook._documented_sources("# API\n\n::: nowhere.module\n", config) is None
    sources = hook._documented_sources("# API\n\n::: pkg.twice\n", config)
    assert [path for path, _ in sources[2:]] == ["src/pkg/__init__.py"]
    assert hook._documented_sources("# Prose\n\nA sentence ending in :::\n", config) == []
    for name in hook.DOCSTRING_CONVERTERS:  # another version of a converter: another key
        versions = {n: "1.0" for n in hook.DOCSTRING_CONVERTERS} | {name: "2.0"}
        hook.installed_version = versions.__getitem__
        assert hook._documented_sources("# API\n\n::: pkg.twice\n", config) != sources
    # griffe, which reads the sources, is one of them under the name it is installed as
    installed = {d.metadata["Name"].lower() for d in hook.metadata.distributions()}
    assert {n for n in hook.DOCSTRING_CONVERTERS if n.startswith("griffe")} & installed
