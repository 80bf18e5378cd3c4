"""Handing the optimizer w.detach().requires_grad_() silences the error; it updates a tensor the loss never uses."""
import torch

torch.manual_seed(0)
target = torch.tensor([1.0, -2.0, 0.5])
w = torch.randn(3, requires_grad=True) * 0.01
opt = torch.optim.SGD([w.detach().requires_grad_()], lr=0.1)   # a new leaf, not w
start = w.detach().clone()

loss = ((w - target) ** 2).sum()                  # the loss still uses w
loss.backward()
opt.step()
held = opt.param_groups[0]["params"][0]
print("the optimizer's tensor: is w?", held is w, " .grad =", held.grad)
print("w changed by the step:", not torch.equal(w.detach(), start))
assert held.grad is None and torch.equal(w.detach(), start)
