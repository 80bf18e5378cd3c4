"""Out of place, the saved output keeps its version and the gradient is sigmoid's own."""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = torch.sigmoid(x)
y = y + 1                         # a new tensor; the saved one is untouched
y.sum().backward()

s = torch.sigmoid(x.detach())
print("x.grad             :", x.grad)
print("sigmoid'(x) = s(1-s):", s * (1 - s))
assert torch.allclose(x.grad, s * (1 - s))
