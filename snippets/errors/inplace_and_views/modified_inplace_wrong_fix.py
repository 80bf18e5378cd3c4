"""Doing the in-place add through .data hides it from the version counter: backward runs and is wrong."""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = torch.sigmoid(x)
y.data += 1                       # same memory, but the version counter does not move
print("y._version:", y._version)
y.sum().backward()                # reads the modified y as if it were sigmoid(x)

s = torch.sigmoid(x.detach())
print("x.grad             :", x.grad)
print("sigmoid'(x) = s(1-s):", s * (1 - s))
assert y._version == 0 and not torch.allclose(x.grad, s * (1 - s))
assert torch.allclose(x.grad, (s + 1) * (1 - (s + 1)))   # the formula applied to the modified values
