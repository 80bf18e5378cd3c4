"""Indexing the good elements out of x / 0 does not clean the gradient either."""
import torch

x = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
y = x / torch.tensor([0.0, 1.0, 1.0])          # y[0] = inf
y[1:].sum().backward()                         # ... and y[0] is not even used
print("y =", y.detach(), " x.grad =", x.grad)
assert torch.isnan(x.grad[0])
