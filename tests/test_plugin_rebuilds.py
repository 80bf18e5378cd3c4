"""The plugin's dirty rebuilds: under a dirty build, a page is built again when a file it shows is
newer than the page last written, or gone."""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.structure.files import File

from fieldguide.plugin import rebuild_if_newer


def _page(tmp_path: Path) -> File:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text("# Page\n", encoding="utf-8")
    page = File("page.md", str(tmp_path / "docs"), str(tmp_path / "site"), True)
    written = Path(page.abs_dest_path)
    written.parent.mkdir(parents=True)
    written.write_text("<html></html>", encoding="utf-8")
    os.utime(written, ns=(2 * 10**18, 2 * 10**18))
    return page


def _file(path: Path, stamp: int) -> Path:
    path.write_text("x", encoding="utf-8")
    os.utime(path, ns=(stamp, stamp))
    return path


def test_an_older_input_leaves_the_page_alone(tmp_path: Path) -> None:
    page = _page(tmp_path)
    os.utime(page.abs_src_path, ns=(10**18, 10**18))
    assert not rebuild_if_newer(page, [_file(tmp_path / "old.py", 10**18)])
    assert not page.is_modified()


def test_a_newer_input_marks_the_page(tmp_path: Path) -> None:
    page = _page(tmp_path)
    os.utime(page.abs_src_path, ns=(10**18, 10**18))
    old, new = _file(tmp_path / "old.py", 10**18), _file(tmp_path / "new.py", 3 * 10**18)
    assert rebuild_if_newer(page, [old, new])
    assert page.is_modified()


def test_a_gone_input_marks_the_page(tmp_path: Path) -> None:
    page = _page(tmp_path)
    assert rebuild_if_newer(page, [tmp_path / "removed.py"])


def test_a_page_never_written_is_left_to_mkdocs(tmp_path: Path) -> None:
    page = _page(tmp_path)
    Path(page.abs_dest_path).unlink()
    assert not rebuild_if_newer(page, [_file(tmp_path / "new.py", 3 * 10**18)])
    assert page.is_modified()  # MkDocs' own rule: nothing written yet
