"""Committed snapshots: drift, ``check`` and ``update`` on the command line, orphans, figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from fixtures.snippet_repo import Repo

from fieldguide.engine import snapshots

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
    '<rect width="{width}" height="10" fill="#e64a19"/></svg>'
)


def figure_snippet(width: int, names: tuple[str, ...] = ("g",)) -> str:
    saves = "\n".join(f"save_svg({name!r}, {SVG.format(width=width)!r})" for name in names)
    return f'from fieldkit import save_svg\n\n{saves}\nprint("drew {len(names)}")\n'


def test_check_and_update_on_the_command_line(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", 'print("first line")\nprint("second line")\n')
    missing = repo.cli("check")
    assert missing.returncode == 1
    assert "snippets/t/a.out (missing" in missing.stderr

    updated = repo.cli("update")
    assert updated.returncode == 0, updated.stderr
    assert "updated snippets/t/a.out" in updated.stdout
    assert repo.read("snippets/t/a.out") == "first line\nsecond line\n"
    assert repo.cli("check").returncode == 0

    repo.write(rel, 'print("first line")\nprint("2nd line")\n')
    drifted = repo.cli("check")
    assert drifted.returncode == 1
    assert f"error: {rel}: output differs from the committed snapshot" in drifted.stderr
    diff = drifted.stderr.splitlines()
    assert "--- snippets/t/a.out (committed)" in diff
    assert "+++ snippets/t/a.out (this run)" in diff
    assert "-second line" in diff
    assert "+2nd line" in diff
    assert " first line" in diff
    assert repo.read("snippets/t/a.out") == "first line\nsecond line\n"  # check changes nothing

    assert repo.cli("update").returncode == 0
    assert repo.read("snippets/t/a.out") == "first line\n2nd line\n"
    assert repo.cli("check").returncode == 0


def test_check_fails_on_errors(repo: Repo) -> None:
    rel = repo.write("snippets/t/bad.py", 'print("partial")\nraise ValueError("nope")\n')
    result = repo.cli("check")
    assert result.returncode == 1
    assert f"error: {rel}:2: ValueError: nope" in result.stderr
    update = repo.cli("update")
    assert update.returncode == 1
    assert not (repo.root / "snippets/t/bad.out").exists()


def test_orphan_snapshots(repo: Repo) -> None:
    repo.write("snippets/t/kept.py", 'print("kept")\n')
    assert repo.cli("update").returncode == 0
    repo.write("snippets/t/gone.out", "old output\n")
    repo.write("snippets/t/gone.g.svg", "<svg></svg>\n")
    check = repo.cli("check")
    assert check.returncode == 1
    assert "error: snippets/t/gone.out: snapshot of a snippet that no longer exists" in check.stderr
    assert "error: snippets/t/gone.g.svg: snapshot of a snippet that no longer exists" in (
        check.stderr
    )
    update = repo.cli("update")
    assert update.returncode == 0, update.stderr
    assert "removed snippets/t/gone.out" in update.stdout
    assert not (repo.root / "snippets/t/gone.out").exists()
    assert not (repo.root / "snippets/t/gone.g.svg").exists()
    assert (repo.root / "snippets/t/kept.out").is_file()
    assert repo.cli("check").returncode == 0


def test_check_options_may_follow_snippet_paths(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", 'print("a")\n')
    repo.write("snippets/t/b.py", "raise SystemExit(2)\n")
    assert repo.cli("update", rel).returncode == 0
    assert repo.cli("check", rel, "--fresh").returncode == 0
    assert repo.cli("check", "--jobs", "1", rel).returncode == 0


def test_figures_are_outcomes_and_snapshots(repo: Repo) -> None:
    rel = repo.write("snippets/t/fig.py", figure_snippet(5, ("g", "a")))
    outcome = repo.run_one(rel)
    assert outcome.error is None, outcome.error
    assert outcome.figures == {"a": SVG.format(width=5), "g": SVG.format(width=5)}
    assert list(outcome.figures) == ["a", "g"]  # name order
    assert outcome.output == "drew 2\n"
    changed = repo.engine().update_snapshots(outcome)
    assert sorted(p.name for p in changed) == ["fig.a.svg", "fig.g.svg", "fig.out"]
    assert repo.read("snippets/t/fig.g.svg") == SVG.format(width=5)
    assert repo.run_one(rel).drift is None


def test_figure_drift_and_stale_figures(repo: Repo) -> None:
    rel = repo.write("snippets/t/fig.py", figure_snippet(5, ("g", "old")))
    repo.engine().update_snapshots(repo.run_one(rel))

    repo.write(rel, figure_snippet(6, ("g", "old")))
    wider = repo.run_one(rel)
    assert wider.drift is not None
    assert "--- snippets/t/fig.g.svg (committed)" in wider.drift
    assert "snippets/t/fig.old.svg" in wider.drift
    assert 'width="6"' in wider.drift

    repo.write(rel, figure_snippet(5, ("g",)).replace("drew 1", "drew 2"))
    fewer = repo.run_one(rel)
    assert fewer.drift is not None
    assert "snippets/t/fig.old.svg (committed)" in fewer.drift  # a figure no longer drawn
    repo.engine().update_snapshots(fewer)
    assert not (repo.root / "snippets/t/fig.old.svg").exists()
    assert snapshots.diff(repo.root, rel, fewer.output, fewer.figures) is None


def test_update_refuses_a_failed_outcome(repo: Repo) -> None:
    rel = repo.write("snippets/t/bad.py", 'raise ValueError("x")\n')
    outcome = repo.run_one(rel)
    with pytest.raises(ValueError, match=f"{rel} failed"):
        repo.engine().update_snapshots(outcome)
    assert not (repo.root / "snippets/t/bad.out").exists()


GRADIENT = """\
{directive}import torch

x = torch.tensor({x}, requires_grad=True)
(x ** {power}).backward()
print(f"x.grad = {{x.grad.item():.4f}}")
"""


def gradient_snippet(x: str = "1.23456", power: int = 2, directive: str = "") -> str:
    return GRADIENT.format(x=x, power=power, directive=directive)


def test_noise_in_the_last_digit_matches_a_wrong_gradient_does_not(repo: Repo) -> None:
    rel = repo.write("snippets/t/grad.py", gradient_snippet())
    repo.record(rel)
    assert repo.read("snippets/t/grad.out") == "x.grad = 2.4691\n"

    # As if run on another CPU: the input moved by 5e-5, the printed gradient by one unit.
    repo.write(rel, gradient_snippet(x="1.23461"))
    noisy = repo.run_one(rel)
    assert noisy.output == "x.grad = 2.4692\n"  # the page shows what ran
    assert noisy.drift is None
    assert repo.cli("check").returncode == 0
    update = repo.cli("update")
    assert update.returncode == 0 and "updated" not in update.stdout  # no churn
    assert repo.read("snippets/t/grad.out") == "x.grad = 2.4691\n"

    repo.write(rel, gradient_snippet(power=3))  # a wrong gradient: 3x² instead of 2x
    wrong = repo.cli("check")
    assert wrong.returncode == 1
    assert "-x.grad = 2.4691" in wrong.stderr and "+x.grad = 4.5724" in wrong.stderr


def test_tolerance_directive(repo: Repo) -> None:
    rel = repo.write("snippets/t/grad.py", gradient_snippet(directive="# snippet: tolerance=0\n"))
    repo.record(rel)
    repo.write(rel, gradient_snippet(x="1.23461", directive="# snippet: tolerance=0\n"))
    assert repo.run_one(rel).drift is not None

    repo.write(rel, gradient_snippet(x="1.23471", directive="# snippet: tolerance=3\n"))
    assert repo.run_one(rel).output == "x.grad = 2.4694\n"
    assert repo.run_one(rel).drift is None

    repo.write(rel, gradient_snippet(directive="# snippet: tolerance=-1\n"))
    assert repo.run_one(rel).error == (
        f"{rel}:1: tolerance='-1': must be a whole number, 0 or more "
        "and at most 1e+06 units in the last printed digit"
    )


def test_the_snapshot_files_of_a_snippet_are_its_text_and_its_figures(tmp_path: Path) -> None:
    folder = tmp_path / "snippets" / "t"
    folder.mkdir(parents=True)
    names = ["a.py", "a.out", "a.1.svg", "a.b.2.svg", "a.svg", "ab.1.svg", "b.1.svg", "a.1.png"]
    for name in names:
        (folder / name).write_text("", encoding="utf-8")
    found = [p.name for p in snapshots.existing(tmp_path, "snippets/t/a.py")]
    assert found == ["a.out", "a.1.svg", "a.b.2.svg"]
    assert snapshots.existing(tmp_path, "snippets/gone/a.py") == []
