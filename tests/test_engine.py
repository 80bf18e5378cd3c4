"""The result cache: what invalidates an entry, what survives corruption, and concurrent builds."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from fixtures.snippet_repo import SUBPROCESS_LIMIT, Repo, all_json, tool_env

from fieldguide.engine import imports


def counted(name: str, body: str) -> str:
    """A snippet body that appends a line to ``<name>.count`` each time it really runs."""
    return textwrap.dedent(f"""
        with open("@side/{name}.count", "a") as _counter:
            _counter.write("ran\\n")
    """) + textwrap.dedent(body)


def test_second_run_is_served_from_the_cache(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    first = repo.run_one(rel)
    second = repo.run_one(rel)
    assert not first.cached
    assert second.cached
    assert second.output == first.output == "alpha\n"
    assert repo.count("a.count") == 1


def test_a_batch_takes_what_an_earlier_batch_of_the_build_resolves(repo: Repo) -> None:
    # A site's second edition shows mostly the first one's snippets: they are resolved once
    # per build, even when everything runs afresh.
    both = repo.write("snippets/t/both.py", counted("both", 'print("shared")\n'))
    own = repo.write("snippets/t/own.py", counted("own", 'print("second only")\n'))
    engine = repo.engine()
    first = engine.start([both], fresh=True)
    second = engine.start([own, both], fresh=True, earlier=first)
    outcomes = second.wait()
    assert list(outcomes) == [own, both]
    assert outcomes[both] is first.wait()[both] is second.get(both)
    assert outcomes[own].output == "second only\n"
    assert repo.count("both.count") == 1
    assert repo.count("own.count") == 1
    # From the cache, both are known while the pages render.
    warm = engine.start([own, both], earlier=engine.start([both]))
    assert list(warm.known()) == [own, both]
    assert all(o.cached for o in warm.known().values())


def test_editing_the_snippet_runs_it_again(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    repo.run_one(rel)
    repo.write(rel, counted("a", 'print("beta")\n'))
    edited = repo.run_one(rel)
    assert not edited.cached
    assert edited.output == "beta\n"
    assert repo.count("a.count") == 2


def test_editing_a_helper_reruns_only_its_importers(repo: Repo) -> None:
    repo.write("snippets/helperpkg/__init__.py", "")
    repo.write(
        "snippets/helperpkg/outer.py",
        """
        from helperpkg.inner import VALUE

        DOUBLED = 2 * VALUE
    """,
    )
    repo.write("snippets/helperpkg/inner.py", "VALUE = 1\n")
    repo.write("snippets/helperpkg/unused.py", "UNUSED = 1\n")
    user = repo.write(
        "snippets/t/user.py",
        counted(
            "user",
            """
        from helperpkg.outer import DOUBLED

        print(DOUBLED)
    """,
        ),
    )
    bystander = repo.write("snippets/t/bystander.py", counted("bystander", 'print("alone")\n'))
    first = repo.run(user, bystander)
    assert first[user].output == "2\n"

    repo.write("snippets/helperpkg/unused.py", "UNUSED = 2\n")
    untouched = repo.run(user, bystander)
    assert untouched[user].cached and untouched[bystander].cached

    repo.write("snippets/helperpkg/inner.py", "VALUE = 21\n")
    after = repo.run(user, bystander)
    assert not after[user].cached
    assert after[user].output == "42\n"
    assert after[bystander].cached
    assert repo.count("user.count") == 2
    assert repo.count("bystander.count") == 1


def test_editing_a_module_a_helper_imports_relatively_reruns(repo: Repo) -> None:
    repo.write("snippets/relpkg/__init__.py", "from .core import VALUE\n")
    repo.write("snippets/relpkg/core.py", "from . import constants\n\nVALUE = constants.BASE\n")
    repo.write("snippets/relpkg/constants.py", "BASE = 1\n")
    user = repo.write(
        "snippets/t/user.py",
        counted(
            "user",
            """
        from relpkg import VALUE

        print(VALUE)
    """,
        ),
    )
    assert repo.run_one(user).output == "1\n"
    repo.write("snippets/relpkg/constants.py", "BASE = 7\n")
    after = repo.run_one(user)
    assert not after.cached
    assert after.output == "7\n"
    assert repo.count("user.count") == 2


def test_helper_next_to_the_snippet_is_a_dependency(repo: Repo) -> None:
    repo.write("snippets/t/shapes.py", "SIDE = 3\n")
    user = repo.write(
        "snippets/t/area.py",
        counted(
            "area",
            """
        import shapes

        print(shapes.SIDE ** 2)
    """,
        ),
    )
    assert repo.run_one(user).output == "9\n"
    repo.write("snippets/t/shapes.py", "SIDE = 4\n")
    after = repo.run_one(user)
    assert not after.cached
    assert after.output == "16\n"


def test_a_library_version_change_is_a_miss(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    rel = repo.write(
        "snippets/t/lib.py",
        counted(
            "lib",
            """
        import filelock

        print("uses filelock")
    """,
        ),
    )
    first = repo.run_one(rel)
    assert set(first.libraries) == {"filelock"}
    real = imports.library_versions

    def upgraded(names: set[str]) -> dict[str, str]:
        return {dist: version + ".post1" for dist, version in real(names).items()}

    monkeypatch.setattr(imports, "library_versions", upgraded)
    after = repo.run_one(rel)
    assert not after.cached
    assert after.libraries == {"filelock": first.libraries["filelock"] + ".post1"}
    assert repo.count("lib.count") == 2

    monkeypatch.setattr(imports, "library_versions", real)
    assert repo.run_one(rel).cached


def test_a_python_version_change_is_a_miss(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    rel = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    repo.run_one(rel)
    monkeypatch.setattr(sys, "version", sys.version + " (patched)")
    assert not repo.run_one(rel).cached
    assert repo.count("a.count") == 2


def test_a_different_timeout_is_a_miss(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    repo.run_one(rel)
    assert repo.run_one(rel, timeout=30).cached is False
    assert repo.count("a.count") == 2


def test_fresh_ignores_but_refills_the_cache(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    repo.run_one(rel)
    assert not repo.run(rel, fresh=True)[rel].cached
    assert repo.run_one(rel).cached
    assert repo.count("a.count") == 2


@pytest.mark.parametrize(
    "garbage", [b"{not json", b"", b"[]", b'{"key": "someone else"}', b"\xff\xfe\x00binary"]
)
def test_a_corrupt_entry_is_a_miss(repo: Repo, garbage: bytes) -> None:
    rel = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    repo.run_one(rel)
    entries = list(all_json(repo.cache))
    assert len(entries) == 1
    entries[0].write_bytes(garbage)
    again = repo.run_one(rel)
    assert again.error is None
    assert not again.cached
    assert again.output == "alpha\n"
    assert repo.count("a.count") == 2
    assert json.loads(entries[0].read_text())["key"] == entries[0].stem


def test_failures_are_not_cached(repo: Repo) -> None:
    rel = repo.write("snippets/t/bad.py", counted("bad", 'raise ValueError("broken")\n'))
    first = repo.run_one(rel)
    second = repo.run_one(rel)
    assert not second.cached  # run again: the cause may have been the machine, not the code
    assert second.error == first.error
    assert first.error is not None and "ValueError: broken" in first.error
    assert repo.count("bad.count") == 2
    assert not all_json(repo.cache)


WARM_CHECK = """
import json, sys
from pathlib import Path
from fieldguide.engine import Engine
outcomes = Engine(Path(sys.argv[1]), cache_dir=Path(sys.argv[2]), jobs=2).results(sys.argv[3:])
print(json.dumps({
    "torch_imported": "torch" in sys.modules,
    "cached": [o.cached for o in outcomes.values()],
    "outputs": [o.output for o in outcomes.values()],
}))
"""


def test_a_warm_run_does_not_import_torch(repo: Repo) -> None:
    rels = [
        repo.write(
            "snippets/t/uses_torch.py",
            """
                import torch

                print(torch.ones(2, 2).sum().item())
            """,
        ),
        repo.write("snippets/t/plain.py", 'print("plain")\n'),
    ]
    cold = repo.run(*rels)
    assert all(o.error is None for o in cold.values())
    cmd = [sys.executable, "-c", WARM_CHECK, str(repo.root), str(repo.cache), *rels]
    done = subprocess.run(
        cmd, env=tool_env(), capture_output=True, text=True, check=True, timeout=SUBPROCESS_LIMIT
    )
    report = json.loads(done.stdout)
    assert report["cached"] == [True, True]
    assert report["outputs"] == [o.output for o in cold.values()]
    assert report["torch_imported"] is False


CONCURRENT = """
import json, sys, time
from pathlib import Path
from fieldguide.engine import Engine
root, cache, me, other = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
(root / f"ready-{me}").touch()
while not (root / f"ready-{other}").exists():  # start both builds at the same moment
    time.sleep(0.005)
outcomes = Engine(root, cache_dir=cache, jobs=2).results(sys.argv[5:])
print(json.dumps({rel: [o.output, o.error] for rel, o in outcomes.items()}))
"""


def test_two_builds_at_once_share_the_cache(repo: Repo) -> None:
    rels = [
        repo.write(
            f"snippets/t/s{i}.py",
            counted(
                f"s{i}",
                f"""
                import time

                time.sleep(0.2)
                print("snippet", {i}, {i} ** 3)
            """,
            ),
        )
        for i in range(4)
    ]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CONCURRENT, str(repo.root), str(repo.cache), me, other, *rels],
            env=tool_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for me, other in (("one", "two"), ("two", "one"))
    ]
    results = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=SUBPROCESS_LIMIT)
        assert proc.returncode == 0, stderr
        results.append(json.loads(stdout))
    assert results[0] == results[1]
    assert results[0] == {rel: [f"snippet {i} {i**3}\n", None] for i, rel in enumerate(rels)}
    assert [repo.count(f"s{i}.count") for i in range(4)] == [1, 1, 1, 1]
    entries = list(all_json(repo.cache))
    assert len(entries) == len(rels)
    for entry in entries:
        assert json.loads(entry.read_text(encoding="utf-8"))["key"] == entry.stem
    assert not [p for p in repo.cache.rglob("*") if p.name.startswith(".tmp-")]


def test_a_script_in_another_encoding_runs_as_python_runs_it(repo: Repo) -> None:
    """A ``coding:`` line and a byte-order mark are Python's; the engine reads them the same."""
    latin = repo.root / "snippets" / "t" / "latin.py"
    latin.parent.mkdir(parents=True, exist_ok=True)
    latin.write_bytes("# -*- coding: latin-1 -*-\nprint('caf\xe9')\n".encode("latin-1"))
    (repo.root / "snippets" / "t" / "bom.py").write_bytes(b"\xef\xbb\xbfprint('bom')\n")
    outcomes = repo.run("snippets/t/latin.py", "snippets/t/bom.py")
    assert outcomes["snippets/t/latin.py"].output == "café\n"
    assert outcomes["snippets/t/bom.py"].output == "bom\n"


def test_another_snippets_entry_copied_over_is_recomputed_not_served(repo: Repo) -> None:
    a = repo.write("snippets/t/a.py", counted("a", 'print("alpha")\n'))
    b = repo.write("snippets/t/b.py", 'print("beta")\n')
    repo.run(a, b)
    entries = {json.loads(p.read_text())["record"]["output"]: p for p in all_json(repo.cache)}
    entries["alpha\n"].write_bytes(entries["beta\n"].read_bytes())
    again = repo.run_one(a)
    assert (again.output, again.cached) == ("alpha\n", False)
    assert repo.count("a.count") == 2


CLOCK = """
import time

print("label stays")
print(time.time_ns())
"""


def test_output_that_differs_between_runs_is_nondeterministic_not_changed(repo: Repo) -> None:
    rel = repo.write("snippets/t/clock.py", counted("clock", CLOCK))
    repo.record(rel)
    outcome = repo.run(rel, fresh=True)[rel]
    assert repo.count("clock.count") == 3  # recorded, then run twice: the two runs differ
    assert outcome.error is not None and outcome.drift is None
    first_line = outcome.error.splitlines()[0]
    assert first_line.startswith(
        f"{rel}: nondeterministic: two runs printed different output (output line 2)"
    )
    assert "measured" in first_line and "make snapshots" not in outcome.error
    changed = [ln for ln in outcome.error.splitlines() if ln[:1] in "-+" and ln[1:2].isdigit()]
    assert len(changed) == 2  # the differing lines, one from each run
    assert "label stays" not in "".join(changed)
    assert not list(all_json(repo.cache))  # and not served from the cache next time


def test_a_deliberate_change_runs_twice_and_says_how_to_accept_it(repo: Repo) -> None:
    rel = repo.write("snippets/t/steady.py", counted("steady", 'print("old")\n'))
    repo.record(rel)
    repo.write("snippets/t/steady.py", counted("steady", 'print("new")\n'))
    outcome = repo.run_one(rel)
    assert outcome.error is None
    assert outcome.drift is not None and "+new" in outcome.drift
    assert repo.count("steady.count") == 3  # recorded once, then the same output twice


def test_update_does_not_record_output_that_differs_between_runs(repo: Repo) -> None:
    rel = repo.write("snippets/t/clock.py", CLOCK)
    updated = repo.cli("update", rel)
    assert updated.returncode == 1
    assert f"error: {rel}: nondeterministic" in updated.stderr
    assert not (repo.root / "snippets/t/clock.out").exists()
    steady = repo.write("snippets/t/steady.py", 'print("same")\n')
    assert repo.cli("update", steady).returncode == 0
    assert repo.read("snippets/t/steady.out") == "same\n"
