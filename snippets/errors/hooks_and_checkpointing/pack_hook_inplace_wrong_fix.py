"""Modifying through .data slips past the check: the forward output itself is doubled, though the gradient looks right."""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)


def pack(t):
    t.data.mul_(2)                  # .data has its own version counter: nothing notices
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t / 2):
    y = (x * 1).exp()
y.sum().backward()
print("y / exp(x):     ", [round(v, 4) for v in (y / x.exp()).tolist()])
print("x.grad / exp(x):", [round(v, 4) for v in (x.grad / x.exp()).tolist()])
assert torch.allclose(y, 2 * x.exp()) and torch.allclose(x.grad, x.exp())
