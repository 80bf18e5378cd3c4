"""Moving the in-place into no_grad as well silences the error and drops the factor 10 from the gradient."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
with torch.no_grad():
    head = h[:1]
    head.mul_(10)                 # not recorded
h.sum().backward()
print("h =", h.detach(), " x.grad =", x.grad)
print("gradient of the h actually computed:", torch.tensor([20.0, 2.0, 2.0]))
assert torch.equal(h.detach()[0], torch.tensor(20.0)) and torch.equal(x.grad, torch.tensor([2.0, 2.0, 2.0]))
