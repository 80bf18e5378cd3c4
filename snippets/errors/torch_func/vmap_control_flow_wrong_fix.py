"""Deciding once for the whole batch runs without error and gives the wrong row for example 1."""
import torch
from torch.func import vmap


def keep_if_positive(x):
    if x.sum() > 0:
        return x
    return torch.zeros_like(x)


xs = torch.tensor([[1.0, 2.0], [-3.0, 1.0], [0.5, -0.25]])
keep = bool(xs.sum() > 0)                           # "fix": one decision, taken outside vmap
batched = vmap(lambda x: x if keep else torch.zeros_like(x))(xs)
loop = torch.stack([keep_if_positive(x) for x in xs])
print("vmap:", batched.tolist())
print("loop:", loop.tolist())
assert not torch.equal(batched, loop)
