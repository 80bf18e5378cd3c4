"""A kernel registered on the backend key only: its graph survives outside a dispatch mode and is lost inside one."""
import warnings
from contextlib import nullcontext

import torch
from torch.utils._python_dispatch import TorchDispatchMode

# --8<-- [start:register]
library = torch.library.Library("fieldguide_attn", "DEF")
for name in ("backend_only", "backend_and_autograd"):
    library.define(f"{name}(Tensor q, Tensor k, Tensor v) -> Tensor")


def attention(q, k, v):                         # the kernel's body: ordinary differentiable ops
    inner = q @ k.transpose(-1, -2)
    records.append(type(inner.grad_fn).__name__ if inner.grad_fn else "nothing")
    return torch.softmax(inner, -1) @ v


library.impl("backend_only", attention, "CPU")              # the backend key only
library.impl("backend_and_autograd", attention, "CPU")
library.impl("backend_and_autograd", attention, "AutogradCPU")  # the same body, one key higher


class SeeOps(TorchDispatchMode):                # any mode: profiling, FLOP counting, tracing
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        seen.append(func.__name__)
        return func(*args, **(kwargs or {}))
# --8<-- [end:register]


torch.manual_seed(0)
q, k, v = (torch.randn(2, 3, requires_grad=True) for _ in range(3))
# --8<-- [start:run]
for name in ("backend_only", "backend_and_autograd"):
    op = getattr(torch.ops.fieldguide_attn, name)
    for in_mode in (False, True):
        records, seen, q.grad = [], [], None
        with warnings.catch_warnings(record=True) as caught, SeeOps() if in_mode else nullcontext():
            warnings.simplefilter("always")
            out = op(q, k, v)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out.sum().backward()
        where = "in a mode" if in_mode else "no mode  "
        print(f"{name:20} {where}: q @ k.T inside recorded {records[0]:11} "
              f"out.grad_fn {out.grad_fn.name().split('::')[-1]:18} q.grad {'None' if q.grad is None else 'set'}")
        if in_mode:
            print(f"{'':20} the mode saw {seen}")
        for warning in caught:
            print(f"{'':20} backward warned: {str(warning.message).split('. This')[0]}")
# --8<-- [end:run]
        assert (q.grad is None) == (name == "backend_only" and in_mode)
