"""Filtering the warning out hides it; the gradient is still not there."""
import warnings

import torch

warnings.filterwarnings("ignore", message="The .grad attribute of a Tensor")
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
(h ** 2).sum().backward()
print("no warning now; h.grad =", h.grad)
assert h.grad is None
