"""Turning the offset into one Python int outside vmap runs, and every example gets the same window."""
import torch
from torch.func import vmap

rows = torch.arange(12.0).reshape(3, 4)
starts = torch.tensor([0, 2, 1])

start = int(starts[0])                              # "fix": one int for the whole batch
batched = vmap(lambda row: row[start : start + 2])(rows)
loop = torch.stack([row[int(s) : int(s) + 2] for row, s in zip(rows, starts, strict=True)])
print("vmap:", batched.tolist())
print("loop:", loop.tolist())
assert not torch.equal(batched, loop)
