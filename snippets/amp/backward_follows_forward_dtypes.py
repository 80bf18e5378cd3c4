"""Backward runs each node in the dtypes its forward chose, unless backward itself runs under autocast."""
import torch
from torch.utils._python_dispatch import TorchDispatchMode

torch.manual_seed(0)
first = torch.nn.Linear(8, 8)
second = torch.nn.Linear(8, 1)
x = torch.randn(4, 8)


class MatmulDtypes(TorchDispatchMode):
    """Records the dtype of every matrix product that runs."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func.__name__.startswith(("mm", "addmm")):
            self.seen.append(str(args[1].dtype).removeprefix("torch."))
        return func(*args, **(kwargs or {}))


def forward(fp32_region):
    h = torch.relu(first(x))
    if not fp32_region:
        return second(h)
    with torch.autocast("cpu", enabled=False):        # keep the second layer in float32
        return second(h.float())


def gradients(fp32_region, backward_under_autocast):
    first.zero_grad()
    second.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = forward(fp32_region).float().pow(2).mean()
    log = MatmulDtypes()
    with log, torch.autocast("cpu", dtype=torch.bfloat16, enabled=backward_under_autocast):
        loss.backward()
    grads = [p.grad.clone() for p in [*first.parameters(), *second.parameters()]]
    return grads, log.seen


# --8<-- [start:compare]
products = {}
for fp32_region in [False, True]:
    print("second layer in float32:" if fp32_region else "whole forward under autocast:")
    grads = {}
    for under in [False, True]:
        grads[under], products[fp32_region, under] = gradients(fp32_region, under)
        where = "inside autocast: " if under else "outside autocast:"
        print(f"  backward {where} matrix products in {products[fp32_region, under]}")
    same = all(torch.equal(a, b) for a, b in zip(grads[False], grads[True], strict=True))
    print("  parameter gradients:", sorted({str(g.dtype) for g in grads[False]}),
          " same both ways:", same)
# --8<-- [end:compare]
    assert all(g.dtype == torch.float32 for g in grads[False])
    assert same == (not fp32_region)
assert products[False, False] == products[False, True] == ["bfloat16"] * 3
assert products[True, False] == ["float32", "float32", "bfloat16"]  # the forward's dtypes
assert products[True, True] == ["bfloat16"] * 3                     # recast by autocast
