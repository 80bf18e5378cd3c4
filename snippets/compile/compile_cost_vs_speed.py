# snippet: timeout=180 needs=vector-kernels
"""Compiling costs seconds up front; it pays off only for work big enough and repeated enough."""
import time
import timeit
import warnings

import torch
from fieldkit import measured


def gelu_tanh(x):
    return 0.5 * x * (1 + torch.tanh(0.79788456 * (x + 0.044715 * x * x * x)))


def best_ms(fn, x, number):
    fn(x)
    return min(timeit.repeat(lambda: fn(x), number=number, repeat=5)) / number * 1e3


# Measure a cold compile, not one served from Inductor's on-disk cache of earlier runs.
torch.compiler.config.force_disable_caches = True
warnings.filterwarnings("ignore", message="dynamo_pgo force disabled")
torch.manual_seed(0)
big, tiny = torch.randn(1_000_000), torch.randn(8)

# --8<-- [start:first]
compiled = torch.compile(gelu_tanh, dynamic=False)  # Inductor; one specialised graph per shape
start = time.perf_counter()
compiled(big)                                       # the first call traces and compiles
first_ms = (time.perf_counter() - start) * 1e3
eager_ms = best_ms(gelu_tanh, big, number=10)
# --8<-- [end:first]
print(f"first compiled call (compiles):   {measured(f'{first_ms:9.1f} ms')}")
print(f"one eager call, 1M elements:      {measured(f'{eager_ms:9.1f} ms')}")
compiled_ms = best_ms(compiled, big, number=10)
print(f"later compiled calls, 1M elements:{measured(f'{compiled_ms:9.1f} ms')}")
saved = eager_ms - compiled_ms
calls = f"{first_ms / saved:9.0f}" if saved > 0 else "    never"
print(f"calls before compiling pays off:  {measured(calls)}")

compiled(tiny)                                      # a new shape: a second compile
tiny_eager, tiny_compiled = best_ms(gelu_tanh, tiny, 500), best_ms(compiled, tiny, 500)
print(f"eager call, 8 elements:           {measured(f'{tiny_eager * 1e3:9.1f} us')}")
print(f"compiled call, 8 elements:        {measured(f'{tiny_compiled * 1e3:9.1f} us')}")

# --8<-- [start:times]
names, values = torch._dynamo.utils.compile_times(repr="csv")  # Dynamo's own timers
seconds = [float(s) for s in dict(zip(names, values, strict=True))["_compile.compile_inner"].split(",")]
# --8<-- [end:times]
print(f"compiles: {len(seconds)}, seconds each:",
      ", ".join(measured(f"{s:.2f}") for s in seconds))
assert len(seconds) == 2 and first_ms > 10 * eager_ms and compiled_ms < eager_ms
assert torch.allclose(compiled(big), gelu_tanh(big), atol=1e-6)
