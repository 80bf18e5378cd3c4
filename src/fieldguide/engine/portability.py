"""Check every snapshot under each other set of CPU kernels this machine can run.

A snapshot recorded on one CPU must hold on a reader's: x86-64 with AVX-512 or only AVX2, or
ARM. One machine can stand in for most of them, because torch, MKL, oneDNN (used by torch and
TensorFlow) and XLA (JAX) each let an environment variable force a lower instruction set than
the CPU has. Each profile below sets them consistently, and the snapshot check
(``python -m fieldguide.engine check``) runs once per profile the CPU supports. Cache keys include
these settings (``machine``), so every profile executes its own runs and a later run of the same
profile is served from the cache.

Inductor compiles C++ for the host CPU. Under the scalar ``default`` profile it is told not to
vectorize (``TORCHINDUCTOR_VEC_ISA_OK=0``), so its code agrees with ATen's scalar kernels
instead of failing to compile; snippets whose point needs vector code declare
``# snippet: needs=vector-kernels`` and are skipped there, with the reason printed.

Usage: ``python -m fieldguide.engine.portability [--root DIR] [--profile NAME ...]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from fieldguide.engine import machine


@dataclass(frozen=True)
class Profile:
    """One set of CPU kernels: the environment that selects it and the flags it needs."""

    name: str
    settings: dict[str, str]
    requires: frozenset[str] = field(default_factory=frozenset)

    def supported(self, flags: set[str]) -> bool:
        return self.requires <= flags


X86_PROFILES = (
    Profile(
        "avx512",
        {
            "ATEN_CPU_CAPABILITY": "avx512",
            "MKL_CBWR": "AVX512",
            "ONEDNN_MAX_CPU_ISA": "AVX512_CORE",
            "XLA_FLAGS": "--xla_cpu_max_isa=AVX512",
        },
        frozenset({"avx512f", "avx512bw", "avx512vl", "avx512dq", "fma"}),
    ),
    Profile(
        "avx2",
        {
            "ATEN_CPU_CAPABILITY": "avx2",
            "MKL_CBWR": "AVX2",
            "ONEDNN_MAX_CPU_ISA": "AVX2",
            "XLA_FLAGS": "--xla_cpu_max_isa=AVX2",
        },
        frozenset({"avx2", "fma"}),
    ),
    Profile(
        "default",
        {
            "ATEN_CPU_CAPABILITY": "default",
            "MKL_CBWR": "COMPATIBLE",
            "ONEDNN_MAX_CPU_ISA": "SSE41",
            "XLA_FLAGS": "--xla_cpu_max_isa=SSE4_2",
            "TORCHINDUCTOR_VEC_ISA_OK": "0",
        },
    ),
)
ARM_PROFILES = (
    Profile("sve256", {"ATEN_CPU_CAPABILITY": "sve256"}, frozenset({"sve", "bf16"})),
    Profile("default", {"ATEN_CPU_CAPABILITY": "default"}),
)


def profiles() -> list[Profile]:
    """The kernel profiles this CPU can run, widest first."""
    arch = platform.machine().lower()
    candidates = (
        X86_PROFILES
        if arch in ("x86_64", "amd64")
        else (ARM_PROFILES if arch in ("aarch64", "arm64") else ())
    )
    flags = set(machine.isa_flags())
    return [p for p in candidates if p.supported(flags)]


def check(root: Path, profile: Profile, extra: list[str]) -> int:
    """Run the snapshot check under ``profile``; return its exit status."""
    env = {**os.environ, **profile.settings}
    for name in machine.KERNEL_SETTINGS:  # only the profile's own settings apply
        if name not in profile.settings:
            env.pop(name, None)
    cmd = [
        sys.executable,
        "-m",
        "fieldguide.engine",
        "check",
        "--allow-skips",
        "--root",
        str(root),
        *extra,
    ]
    shown = " ".join(f"{k}={v}" for k, v in profile.settings.items())
    print(f"==> kernel profile {profile.name}: {shown}", file=sys.stderr, flush=True)
    return subprocess.run(cmd, env=env, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code (1 if any profile fails)."""
    parser = argparse.ArgumentParser(
        prog="python -m fieldguide.engine.portability",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="repository root")
    parser.add_argument(
        "--profile", action="append", default=None, help="run only this profile (repeatable)"
    )
    parser.add_argument("--fresh", action="store_true", help="ignore cached results")
    args = parser.parse_args(argv)
    available = profiles()
    if not available:
        print(f"no kernel profiles known for {platform.machine()}", file=sys.stderr)
        return 1
    chosen = [p for p in available if args.profile is None or p.name in args.profile]
    unknown = set(args.profile or ()) - {p.name for p in available}
    if unknown:
        print(
            f"unknown or unsupported profile(s) here: {', '.join(sorted(unknown))} "
            f"(this CPU: {', '.join(p.name for p in available)})",
            file=sys.stderr,
        )
        return 1
    failed = [p.name for p in chosen if check(args.root, p, ["--fresh"] if args.fresh else []) != 0]
    names = ", ".join(p.name for p in chosen)
    if failed:
        print(f"portability check failed under: {', '.join(failed)} (of {names})", file=sys.stderr)
        return 1
    print(f"portability check passed under every kernel profile: {names}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
