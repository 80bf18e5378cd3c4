# snippet: raises=RuntimeError
"""requires_grad can be switched on leaves only; a recorded result refuses."""
import torch

weight = torch.randn(3)
weight.requires_grad_(True)            # fine: a leaf you own
print("leaf: requires_grad =", weight.requires_grad)
weight.requires_grad_(False)           # fine too: freezing
print("leaf again: requires_grad =", weight.requires_grad)
assert not weight.requires_grad

p = torch.randn(3, requires_grad=True)
hidden = p * 2
stopped = hidden.detach().requires_grad_(False)   # the way to get a non-tracking copy
print("hidden.detach(): is_leaf =", stopped.is_leaf, " requires_grad =", stopped.requires_grad)

# --8<-- [start:fail]
hidden.requires_grad_(False)           # hidden has a grad_fn: not allowed
# --8<-- [end:fail]
