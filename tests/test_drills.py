"""The drills: every starting file fails its check for the reason its drill states, every
reference solution passes, and every drill has both languages and a page anchor that exists in
both editions. Counts are computed from the ``drills/`` folder."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from fieldguide.extensions.drills import MARKER, drill_list, runner
from fieldguide.i18n_check import heading_ids

ROOT = Path(__file__).resolve().parents[1]
run = runner(ROOT)
DRILLS = run.discover(ROOT / "drills")
NAMES = [d.name for d in DRILLS]
CJK = re.compile("[\u3400-\u9fff]")
VERIFY_LIMIT = 600  # seconds: a safety net for the whole run, not a speed check


@pytest.fixture(scope="module")
def verified() -> dict[tuple[str, str], dict[str, Any]]:
    """Every check run on its starting file and on its solution, two at a time, in one run."""
    done = subprocess.run(
        [sys.executable, "-m", "drills.run", "--verify", "--json", "--jobs", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=VERIFY_LIMIT,
    )
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {(r["name"], r["variant"]): r for r in results}


def test_there_are_at_least_40_drills_covering_every_part_and_level() -> None:
    assert len(DRILLS) >= 40
    assert {d.section for d in DRILLS} == set(run.SECTIONS)
    assert {d.level for d in DRILLS} == set(run.LEVELS)
    assert len(set(NAMES)) == len(NAMES), "drill names must be unique across parts"
    folders = {p.name for p in (ROOT / "drills").iterdir() if p.is_dir()}
    assert folders - {"solutions", "__pycache__"} <= set(run.SECTIONS)


@pytest.mark.parametrize("drill", DRILLS, ids=NAMES)
def test_a_drill_has_its_files_and_both_languages(drill: Any) -> None:
    assert drill.learner.is_file() and (drill.folder / "check.py").is_file()
    assert drill.solution.is_file(), f"no solution at {drill.solution}"
    assert drill.solution.read_text() != drill.learner.read_text()
    for key in ("title", "hint"):
        assert CJK.search(drill.text(key, "zh")), f"{key}_zh is not Chinese"
        assert not CJK.search(drill.text(key, "en")), f"{key}_en is not English"
    assert drill.meta["fails_with"] and drill.level in run.LEVELS
    for lang in ("en", "zh"):
        task = run.task_text(drill, lang)
        assert task and bool(CJK.search(task)) == (lang == "zh"), f"no {lang} task in drill.py"


@pytest.mark.parametrize("drill", DRILLS, ids=NAMES)
def test_a_drill_links_to_an_anchor_of_both_editions(drill: Any) -> None:
    page, _, anchor = drill.meta["page"].partition("#")
    assert anchor, "link to a section, not only to a page"
    for suffix in (".md", ".zh.md"):
        source = ROOT / "docs" / (page.removesuffix(".md") + suffix)
        assert anchor in heading_ids(source.read_text(encoding="utf-8")), f"{source}#{anchor}"


@pytest.mark.parametrize("drill", DRILLS, ids=NAMES)
def test_the_starting_file_fails_for_the_stated_reason(
    drill: Any, verified: dict[tuple[str, str], dict[str, Any]]
) -> None:
    result = verified.get((drill.name, "drill"))
    assert result is not None, "the check did not report"
    assert not result["passed"], "the starting file passes its check"
    assert not result["broken"], f"the check itself broke: {result['en']}\n{result['output']}"
    assert drill.meta["fails_with"] in result["en"]
    assert CJK.search(result["zh"]) or result["zh"] == result["en"]


@pytest.mark.parametrize("drill", DRILLS, ids=NAMES)
def test_the_solution_passes(drill: Any, verified: dict[tuple[str, str], dict[str, Any]]) -> None:
    result = verified.get((drill.name, "solution"))
    assert result is not None, "the check did not report"
    assert result["passed"], f"{result['en']}\n{result['output']}"


def test_the_drills_page_lists_every_drill_in_both_editions() -> None:
    for lang, suffix in (("en", ".md"), ("zh", ".zh.md")):
        page = (ROOT / "docs" / "interview" / f"drills{suffix}").read_text(encoding="utf-8")
        assert any(
            MARKER.match(line) and MARKER.match(line)[1] == lang  # type: ignore[index]
            for line in page.splitlines()
        )
        listed = "\n".join(drill_list(lang, ROOT))
        assert all(f"`{name}`" in listed for name in NAMES)
        assert f"{len(DRILLS)}" in listed.splitlines()[0]
    link = "[叶子张量与非叶子张量](../graph/leaves-and-grad-fn.md#leaves-and-non-leaves)"
    assert link in "\n".join(drill_list("zh", ROOT)), "a link is titled as its heading reads"


def test_text_joins_chinese_lines_without_a_space_and_other_lines_with_one() -> None:
    assert run.join_lines("第一次\n`x` 就崩溃了，没有\n计算图") == "第一次 `x` 就崩溃了，没有计算图"
    assert run.join_lines("one line\n  and the next") == "one line and the next"
    assert run.join_lines("需要梯度， 没有") == "需要梯度，没有"


def test_a_drill_url_points_at_its_edition() -> None:
    drill = run.Drill("x", "graph", ROOT, {"page": "graph/index.md#a-b", "level": "easy"})
    assert drill.url("en") == f"{run.SITE}graph/#a-b"
    assert drill.url("zh") == f"{run.SITE}zh/graph/#a-b"


def _fake_drill(tmp_path: Path, check_body: str, timeout: float = 30) -> Any:
    folder = tmp_path / "graph" / "fake"
    folder.mkdir(parents=True)
    (folder / "check.py").write_text(textwrap.dedent(check_body), encoding="utf-8")
    (folder / "drill.py").write_text('"""t"""\n', encoding="utf-8")
    return run.Drill("fake", "graph", folder, {"level": "easy", "timeout": timeout})


def test_a_check_that_hangs_is_stopped_at_its_limit(tmp_path: Path) -> None:
    drill = _fake_drill(tmp_path, "import time\ndef check(path):\n    time.sleep(60)\n", timeout=1)
    outcome = run.run_one(drill, drill.learner)
    assert outcome.broken and not outcome.passed and "within 1 s" in outcome.en
    assert outcome.seconds < 20


def test_a_check_that_crashes_is_reported_with_its_output(tmp_path: Path) -> None:
    body = "import os\ndef check(path):\n    print('last words', flush=True)\n    os._exit(3)\n"
    outcome = run.run_one(_fake_drill(tmp_path, body), tmp_path / "graph" / "fake" / "drill.py")
    assert outcome.broken and "crashed" in outcome.en and "last words" in outcome.output


def test_a_failure_names_the_line_of_the_learners_file(tmp_path: Path) -> None:
    body = """
        from drills.harness import call, load

        def check(path):
            call(load(path), "f")
            return "ok"
    """
    drill = _fake_drill(tmp_path, body)
    drill.learner.write_text('"""t"""\n\n\ndef f():\n    return 1 / 0\n', encoding="utf-8")
    outcome = run.run_one(drill, drill.learner)
    assert not outcome.passed and not outcome.broken
    assert outcome.en == "f() raised ZeroDivisionError: division by zero (line 5)"
