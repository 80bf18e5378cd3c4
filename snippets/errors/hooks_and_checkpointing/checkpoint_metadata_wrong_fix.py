"""determinism_check="none" removes the alarm, not the cause: a vaguer error, or a silently wrong gradient."""
import torch
from torch.utils.checkpoint import checkpoint

calls = 0


def shape_changes(x):
    global calls
    calls += 1
    return x[: 4 - calls].exp().sum()          # 3 elements in forward, 2 when recomputed


def value_changes(x):
    global calls
    calls += 1
    return (x * calls).exp().sum()             # same shapes both times, other values


x = torch.tensor([0.1, 0.2, 0.3, 0.4], requires_grad=True)
try:
    checkpoint(shape_changes, x, use_reentrant=False, determinism_check="none").backward()
except RuntimeError as error:
    print("shape changes:", error)

calls = 0
x.grad = None
checkpoint(value_changes, x, use_reentrant=False, determinism_check="none").backward()
checkpointed = x.grad.clone()
calls = 0
x.grad = None
value_changes(x).backward()
print("value changes, checkpointed:", [round(v, 4) for v in checkpointed.tolist()])
print("  the forward's true gradient:", [round(v, 4) for v in x.grad.tolist()])
assert not torch.allclose(checkpointed, x.grad)
