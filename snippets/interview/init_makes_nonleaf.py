"""Scaling a tensor after requires_grad=True records the scaling: the "parameter" is not a leaf."""
import warnings

import torch

torch.manual_seed(0)
x = torch.tensor([1.0, 2.0, 3.0])

# --8<-- [start:wrong]
w = torch.randn(3, requires_grad=True) * 0.01     # the multiplication is recorded
# --8<-- [end:wrong]
print(f"w.is_leaf = {w.is_leaf}   w.grad_fn = {type(w.grad_fn).__name__}")
(w * x).sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("w.grad after backward:", w.grad)
    assert w.grad is None
print("  UserWarning:", str(caught[0].message).split(". ")[0] + ".")
try:
    torch.optim.SGD([w], lr=0.1)
except ValueError as error:
    print("torch.optim.SGD([w]) ->", f"ValueError: {error}")

# --8<-- [start:right]
w = (torch.randn(3) * 0.01).requires_grad_()      # scale first, then ask for gradients
# --8<-- [end:right]
(w * x).sum().backward()
print(f"fixed: w.is_leaf = {w.is_leaf}   w.grad = {w.grad}")
assert w.is_leaf and torch.equal(w.grad, x)
