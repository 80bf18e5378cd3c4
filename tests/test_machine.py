"""CPU kernel sets: part of every cache key, named on the page, forced lower by the portability
check; snippets that need vector kernels are skipped there, saying why, and fail elsewhere."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest
import torch
from fixtures.snippet_repo import SUBPROCESS_LIMIT, Repo, all_json, tool_env

from fieldguide.engine import machine, portability, render

X86 = platform.machine().lower() in ("x86_64", "amd64")
CAPABILITY = "import torch\nprint(torch.backends.cpu.get_cpu_capability())\n"
NEEDS_VECTOR = '# snippet: needs=vector-kernels\nprint("vectorized")\n'


def engine_cli(repo: Repo, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m fieldguide.engine`` in a new process, so its fork server sees ``env``."""
    cmd = [sys.executable, "-m", "fieldguide.engine", *args, "--root", str(repo.root)]
    full_env = {**tool_env(), "SNIPPETS_CACHE_DIR": str(repo.cache), **env}
    for name in machine.KERNEL_SETTINGS:
        if name not in env:
            full_env.pop(name, None)
    return subprocess.run(
        cmd,
        cwd=repo.root,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_LIMIT,
        check=False,
    )


def test_a_result_is_cached_per_kernel_set(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    rel = repo.write("snippets/t/a.py", 'print("alpha")\n')
    monkeypatch.delenv("ATEN_CPU_CAPABILITY", raising=False)
    assert not repo.run_one(rel).cached
    assert repo.run_one(rel).cached
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", "avx2")
    assert not repo.run_one(rel).cached  # recorded under other kernels: not served
    assert repo.run_one(rel).cached


def test_the_fingerprint_names_the_cpu_and_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MKL_CBWR", "AVX2")
    monkeypatch.delenv("ATEN_CPU_CAPABILITY", raising=False)
    found = machine.fingerprint()
    assert found["machine"] == platform.machine()
    assert found["settings"] == {
        "MKL_CBWR": "AVX2",
        **{
            k: os.environ[k] for k in machine.KERNEL_SETTINGS if k in os.environ and k != "MKL_CBWR"
        },
    }
    if X86 and os.path.isfile("/proc/cpuinfo"):
        flags = machine.isa_flags()
        assert all(machine.ISA_FLAG.match(f) for f in flags)
        capability = torch.backends.cpu.get_cpu_capability()
        assert ("avx2" in flags) == (capability in ("AVX2", "AVX512"))


def test_each_outcome_names_the_kernels_that_ran_it(repo: Repo) -> None:
    rel = repo.write("snippets/t/cap.py", CAPABILITY)
    outcome = repo.run_one(rel)
    assert outcome.cpu == outcome.output.strip()
    assert outcome.cpu in ("DEFAULT", "AVX2", "AVX512", "SVE256", "ZVECTOR", "VSX")
    assert repo.run_one(rel).cpu == outcome.cpu  # and so does a cached one
    assert f"{outcome.cpu} CPU kernels" in render.provenance(outcome, "cap.py")
    plain = repo.run_one(repo.write("snippets/t/plain.py", "print(1)\n"))
    assert "CPU kernels" not in render.provenance(plain, "plain.py")  # no torch imported


@pytest.mark.skipif(not X86, reason="x86-64 kernel sets")
def test_a_forced_kernel_set_reaches_the_snippet(repo: Repo) -> None:
    rel = repo.write("snippets/t/cap.py", CAPABILITY)
    run = engine_cli(repo, "run", rel, ATEN_CPU_CAPABILITY="default")
    assert run.returncode == 0, run.stderr
    assert "==> snippets/t/cap.py\nDEFAULT\n" in run.stdout


@pytest.mark.skipif(not X86, reason="scalar kernels are forced on x86-64 only")
def test_a_snippet_that_needs_vector_kernels(repo: Repo) -> None:
    rel = repo.write("snippets/t/vec.py", NEEDS_VECTOR)
    assert engine_cli(repo, "update", rel).returncode == 0

    failed = engine_cli(repo, "check", rel, ATEN_CPU_CAPABILITY="default")
    assert failed.returncode == 1
    assert f"error: {rel}:1: needs vectorized CPU kernels" in failed.stderr

    skipped = engine_cli(repo, "check", "--allow-skips", rel, ATEN_CPU_CAPABILITY="default")
    assert skipped.returncode == 0, skipped.stderr
    assert f"skipped: {rel}: needs vectorized CPU kernels" in skipped.stderr
    assert "0 executed" in skipped.stderr

    assert engine_cli(repo, "check", rel, ATEN_CPU_CAPABILITY="avx2").returncode == 0


def test_an_unknown_need_is_an_error(repo: Repo) -> None:
    rel = repo.write("snippets/t/bad.py", "# snippet: needs=gpu\nprint(1)\n")
    assert repo.run_one(rel).error == f"{rel}:1: unknown need 'gpu' (known: vector-kernels)"


def test_the_command_line_uses_the_configured_cache(repo: Repo) -> None:
    rel = repo.write("snippets/t/a.py", 'print("alpha")\n')
    assert engine_cli(repo, "update", rel).returncode == 0
    assert all_json(repo.cache)  # $SNIPPETS_CACHE_DIR, as a site build reads it
    assert not (repo.root / ".cache").exists()


def test_portability_profiles_fit_this_cpu() -> None:
    found = portability.profiles()
    names = [p.name for p in found]
    assert names and names[-1] == "default"  # the scalar kernels run anywhere
    flags = set(machine.isa_flags())
    if X86:
        assert ("avx2" in names) == ({"avx2", "fma"} <= flags)
        assert ("avx512" in names) == ({"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags)
        default = found[-1].settings
        assert default["ATEN_CPU_CAPABILITY"] == "default"
        assert default["TORCHINDUCTOR_VEC_ISA_OK"] == "0"  # Inductor agrees with ATen
    for profile in found:
        assert set(profile.settings) <= set(machine.KERNEL_SETTINGS)  # all in the cache key


@pytest.mark.skipif(not X86, reason="x86-64 kernel sets")
def test_the_portability_check_runs_each_profile_and_fails_on_a_change(repo: Repo) -> None:
    rel = repo.write("snippets/t/cap.py", "import torch\nprint(torch.ones(3).sum().item())\n")
    assert engine_cli(repo, "update", rel).returncode == 0
    cmd = [
        sys.executable,
        "-m",
        "fieldguide.engine.portability",
        "--root",
        str(repo.root),
        "--profile",
        "default",
        "--profile",
        "avx2",
    ]
    env = {**tool_env(), "SNIPPETS_CACHE_DIR": str(repo.cache)}
    passed = subprocess.run(
        cmd, env=env, capture_output=True, text=True, timeout=SUBPROCESS_LIMIT, check=False
    )
    assert passed.returncode == 0, passed.stderr
    assert "==> kernel profile default: ATEN_CPU_CAPABILITY=default" in passed.stderr
    assert "==> kernel profile avx2: ATEN_CPU_CAPABILITY=avx2" in passed.stderr

    repo.write(rel, "import torch\nprint(torch.ones(4).sum().item())\n")
    failed = subprocess.run(
        cmd, env=env, capture_output=True, text=True, timeout=SUBPROCESS_LIMIT, check=False
    )
    assert failed.returncode == 1
    assert "portability check failed under: avx2, default" in failed.stderr
    assert "+4.0" in failed.stderr
