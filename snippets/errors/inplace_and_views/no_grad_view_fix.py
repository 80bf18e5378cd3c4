"""To have the change recorded, take the view with grad mode on too: the gradient includes the factor 10."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
head = h[:1]                      # view and in-place both outside no_grad
head.mul_(10)
h.sum().backward()
print("h =", h.detach(), " x.grad =", x.grad, " h.grad_fn =", type(h.grad_fn).__name__)
assert torch.equal(x.grad, torch.tensor([20.0, 2.0, 2.0]))   # d/dx of 10*2*x0 + 2*x1 + 2*x2
