# snippet: raises=RuntimeError
"""A view of a leaf that requires grad cannot be modified in grad mode: initialise under no_grad, or work on a copy."""
import torch

w = torch.zeros(2, 3, requires_grad=True)

# --8<-- [start:fix]
with torch.no_grad():                   # fix 1: initialising a parameter is not part of the model
    w[:, 0] = 1.0                       # w[:, 0] is a view of w; the write is not recorded
print("after the no_grad write: w[:, 0] =", w[:, 0].detach(), " w.is_leaf =", w.is_leaf, " version", w._version)

h = w.clone()                           # fix 2: modify a non-leaf copy; w keeps its gradient
h[:, 1] = 5.0
h.sum().backward()
print("after h[:, 1] = 5 on a clone: w.grad =", w.grad)
# --8<-- [end:fix]
assert w.is_leaf and w._version == 1
assert torch.equal(w.grad, torch.tensor([[1.0, 0.0, 1.0], [1.0, 0.0, 1.0]]))

# --8<-- [start:fail]
w[:, 0] = 1.0                           # grad mode: the view of a leaf is refused
# --8<-- [end:fail]
