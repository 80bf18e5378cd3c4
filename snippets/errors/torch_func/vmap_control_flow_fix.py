"""torch.where computes both branches and picks per example; the result equals a Python loop."""
import torch
from torch.func import vmap


def keep_if_positive(x):
    if x.sum() > 0:
        return x
    return torch.zeros_like(x)


def keep_if_positive_where(x):
    return torch.where(x.sum() > 0, x, torch.zeros_like(x))


xs = torch.tensor([[1.0, 2.0], [-3.0, 1.0], [0.5, -0.25]])
batched = vmap(keep_if_positive_where)(xs)
loop = torch.stack([keep_if_positive(x) for x in xs])
print(batched)
print("equal to the loop:", torch.equal(batched, loop))
assert torch.equal(batched, loop)
