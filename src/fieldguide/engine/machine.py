"""What about this machine can change a snippet's printed floats: the CPU kernels in use.

torch picks one of several builds of its CPU kernels at start-up (``DEFAULT``, ``AVX2``,
``AVX512`` on x86-64; ``DEFAULT`` or ``SVE256`` on ARM), and MKL and oneDNN pick their own code
paths; each may sum in another order. What decides the choice is cheap to read without importing
torch: the processor's instruction-set flags and a few environment variables. It goes into
every cache key, so a result recorded under one kernel set is never served as the output of a
build under another. The kernel set torch actually chose is recorded by each run and shown on
the page (``child`` reads ``torch.backends.cpu.get_cpu_capability()``).
"""

from __future__ import annotations

import functools
import os
import platform
import re
from pathlib import Path

# Environment variables that select kernels (torch's, Inductor's, MKL's, oneDNN's, OpenBLAS's,
# XLA's).
KERNEL_SETTINGS = (
    "ATEN_CPU_CAPABILITY",
    "TORCHINDUCTOR_VEC_ISA_OK",
    "MKL_CBWR",
    "MKL_ENABLE_INSTRUCTIONS",
    "ONEDNN_MAX_CPU_ISA",
    "DNNL_MAX_CPU_ISA",
    "OPENBLAS_CORETYPE",
    "XLA_FLAGS",
)
# Instruction-set flags that kernel dispatchers look at (x86-64 and ARM names in /proc/cpuinfo).
ISA_FLAG = re.compile(r"^(avx\w*|fma\w*|f16c|amx\w*|sse4\w*|asimd\w*|sve\w*|bf16|i8mm|fphp)$")


@functools.cache
def isa_flags() -> tuple[str, ...]:
    """The processor's vector instruction-set flags, sorted (empty where unknown)."""
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.is_file():
        return ()
    for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
        name, _, value = line.partition(":")
        if name.strip() in ("flags", "Features"):
            return tuple(sorted({f for f in value.split() if ISA_FLAG.match(f)}))
    return ()


def kernel_settings() -> dict[str, str]:
    """The kernel-selecting environment variables that are set, with their values."""
    return {name: os.environ[name] for name in KERNEL_SETTINGS if name in os.environ}


def fingerprint() -> dict[str, object]:
    """Everything that decides which CPU kernels a run uses: part of every cache key."""
    return {"machine": platform.machine(), "isa": list(isa_flags()), "settings": kernel_settings()}


def unsupported(needs: frozenset[str]) -> str | None:
    """Why a snippet with these ``needs`` cannot run under this machine's kernel settings, or
    None if it can."""
    forced = os.environ.get("ATEN_CPU_CAPABILITY", "").lower()
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    if "vector-kernels" in needs and x86 and forced == "default":
        return (
            "needs vectorized CPU kernels, which every AVX2 x86-64 and every ARM64 CPU has; "
            "ATEN_CPU_CAPABILITY=default forces scalar ones"
        )
    return None
