"""Ask for the intermediate gradient before backward (retain_grad) or get it returned (autograd.grad)."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
h.retain_grad()                                   # before backward
(h ** 2).sum().backward()
print("h.grad after retain_grad():", h.grad)
assert torch.equal(h.grad, 2 * h.detach())        # d/dh of sum(h^2)

h = x * 3
(grad,) = torch.autograd.grad((h ** 2).sum(), h)
print("torch.autograd.grad(loss, h):", grad)
assert torch.equal(grad, 2 * h.detach())
