"""Index with a tensor of positions instead of a slice; the result equals a Python loop."""
import torch
from torch.func import vmap

rows = torch.arange(12.0).reshape(3, 4)
starts = torch.tensor([0, 2, 1])


def window(row, start):
    return row[start + torch.arange(2)]             # tensor indexing is batched per example


batched = vmap(window)(rows, starts)
loop = torch.stack([row[int(s) : int(s) + 2] for row, s in zip(rows, starts, strict=True)])
print(batched)
print("equal to the loop:", torch.equal(batched, loop))
assert torch.equal(batched, loop)
