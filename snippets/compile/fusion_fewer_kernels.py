# snippet: timeout=180 needs=vector-kernels
"""Eager runs a chain of pointwise ops one kernel at a time; Inductor fuses them into one loop."""
import re

import torch
from torch._inductor.utils import run_and_get_code
from torch.utils._python_dispatch import TorchDispatchMode


# --8<-- [start:model]
def gelu_tanh(x):
    return 0.5 * x * (1 + torch.tanh(0.79788456 * (x + 0.044715 * x * x * x)))
# --8<-- [end:model]


class RecordOps(TorchDispatchMode):
    """Lists every ATen op that reaches a kernel, in the order eager runs them."""

    def __init__(self):
        super().__init__()
        self.ops = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops.append(func.__name__)
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
x = torch.randn(1000)

# --8<-- [start:count]
with RecordOps() as eager:
    expected = gelu_tanh(x)
print(f"eager: {len(eager.ops)} ATen ops, one kernel each:", " ".join(eager.ops))

compiled = torch.compile(gelu_tanh)                  # default backend: Inductor
result, (code,) = run_and_get_code(compiled, x)      # the Python module Inductor wrote
kernels = re.findall(r"^(\w+) = async_compile\.cpp", code, flags=re.M)
print(f"Inductor: {len(kernels)} kernel:", *kernels)
# --8<-- [end:count]

print("\nthe fused loop body (tmp0 holds the loaded input; no step touches memory):")
body = code[code.index("loadu("):]
body = body[:body.index(".store(")].splitlines()[1:-1]
print("\n".join(line.strip() for line in body))

print("\nthe function that runs it (Inductor's wrapper):")
call = code[code.index("    def call(self, args):"):]
print("\n".join(line[4:] for line in call[:call.index("return")].splitlines()[:-1]))

assert len(eager.ops) == 9 and len(kernels) == 1
assert torch.allclose(result, expected, atol=1e-6)
print("\nsame values as eager:", torch.allclose(result, expected, atol=1e-6))
