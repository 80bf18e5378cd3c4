# snippet: raises=RuntimeError
"""Without create_graph the gradient is a plain tensor: differentiating it again fails."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(g,) = torch.autograd.grad((x ** 3).sum(), x)          # create_graph defaults to False
print("g =", g.tolist(), " requires_grad:", g.requires_grad, " grad_fn:", g.grad_fn)
assert not g.requires_grad
torch.autograd.grad(g.sum(), x)                          # nothing recorded to differentiate
