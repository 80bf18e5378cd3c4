"""Backward runs each node in the dtypes its forward chose; autocast around backward changes nothing."""
import torch
from torch.utils._python_dispatch import TorchDispatchMode

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
x = torch.randn(4, 8)


class MatmulDtypes(TorchDispatchMode):
    """Records the dtype of every matrix product that runs."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func.__name__.startswith(("mm", "addmm")):
            self.seen.append(f"{func.__name__}:{str(args[1].dtype).removeprefix('torch.')}")
        return func(*args, **(kwargs or {}))


def gradients(backward_under_autocast):
    model.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = model(x).float().pow(2).mean()
    log = MatmulDtypes()
    with log, torch.autocast("cpu", dtype=torch.bfloat16, enabled=backward_under_autocast):
        loss.backward()
    return [p.grad.clone() for p in model.parameters()], log.seen


# --8<-- [start:compare]
outside, products = gradients(backward_under_autocast=False)
inside, _ = gradients(backward_under_autocast=True)
print("matrix products run by backward:", products)
print("parameter gradients:", sorted({str(g.dtype) for g in outside}))
print("backward inside autocast gives the same gradients:",
      all(torch.equal(a, b) for a, b in zip(outside, inside, strict=True)))
# --8<-- [end:compare]
assert products == ["mm.default:bfloat16"] * 3
assert all(g.dtype == torch.float32 for g in outside)
assert all(torch.equal(a, b) for a, b in zip(outside, inside, strict=True))
