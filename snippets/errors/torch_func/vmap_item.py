# snippet: raises=RuntimeError
"""Slicing with a batched tensor needs one Python int per example: vmap reports it as .item()."""
import torch
from torch.func import vmap

rows = torch.arange(12.0).reshape(3, 4)
starts = torch.tensor([0, 2, 1])


def window(row, start):
    return row[start : start + 2]                   # no .item() in sight, but slicing calls it


vmap(window)(rows, starts)
