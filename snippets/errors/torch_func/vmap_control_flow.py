# snippet: raises=RuntimeError
"""Under vmap, if on a tensor asks one question for a whole batch: vmap refuses."""
import torch
from torch.func import vmap


def keep_if_positive(x):
    if x.sum() > 0:                                 # one bool for all examples at once
        return x
    return torch.zeros_like(x)


xs = torch.tensor([[1.0, 2.0], [-3.0, 1.0], [0.5, -0.25]])
vmap(keep_if_positive)(xs)
