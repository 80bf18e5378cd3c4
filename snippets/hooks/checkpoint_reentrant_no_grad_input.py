"""Reentrant checkpoint of a block whose input needs no grad: the block's weights get no gradient."""
import warnings

import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
first = torch.nn.Linear(4, 4)        # the checkpointed block sees raw data first
head = torch.nn.Linear(4, 1)
data = torch.randn(8, 4)             # input data: requires_grad=False

# --8<-- [start:compare]
for use_reentrant in (True, False):
    first.zero_grad(set_to_none=True)
    head.zero_grad(set_to_none=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hidden = checkpoint(first, data, use_reentrant=use_reentrant)
    head(hidden).square().mean().backward()
    print(f"use_reentrant={use_reentrant!s:<5}  first.weight.grad is None: "
          f"{first.weight.grad is None!s:<5}  head.weight.grad is None: {head.weight.grad is None}")
    for w in caught:
        print(f"    {w.category.__name__}: {w.message}")
    assert (first.weight.grad is None) == use_reentrant and head.weight.grad is not None
# --8<-- [end:compare]
