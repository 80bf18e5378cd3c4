"""What determinism_check does not catch: "none" turns the check off, and "default" compares metadata, not values."""
import torch
from torch.utils.checkpoint import checkpoint

calls = 0


def shape_changes(x):
    global calls
    calls += 1
    return x[: 4 - calls].exp().sum()      # saves 3 elements in forward, 2 when recomputed


def value_changes(x):
    global calls
    calls += 1
    return (x * calls).exp().sum()         # same shapes both times, different values


x = torch.tensor([0.1, 0.2, 0.3, 0.4], requires_grad=True)

# --8<-- [start:none]
calls = 0
y = checkpoint(shape_changes, x, use_reentrant=False, determinism_check="none")
try:
    y.backward()
except RuntimeError as error:
    print(f'"none", shape changes:   {type(error).__name__}: {error}')
# --8<-- [end:none]

# --8<-- [start:values]
calls = 0
x.grad = None
checkpoint(value_changes, x, use_reentrant=False).backward()   # "default": passes
checkpointed = x.grad.clone()
calls = 0
x.grad = None
value_changes(x).backward()                                    # the same forward, not checkpointed
print('"default", values change:', [round(v, 4) for v in checkpointed.tolist()])
print("  without checkpoint:     ", [round(v, 4) for v in x.grad.tolist()])
# --8<-- [end:values]
assert not torch.allclose(checkpointed, x.grad)
assert torch.allclose(x.grad, torch.exp(x.detach()))
