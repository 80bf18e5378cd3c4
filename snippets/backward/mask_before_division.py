"""Mask the input before 1/x: no 1/0 is ever computed, and the gradient is clean."""
import torch

x = torch.tensor([0.0, 2.0, 4.0], requires_grad=True)
safe_x = torch.where(x != 0, x, 1.0)           # replace the bad inputs first
y = torch.where(x != 0, 1 / safe_x, 0.0)       # then compute, then select
y.sum().backward()
print("mask before 1/x: y =", y.detach(), " x.grad =", x.grad)
assert torch.equal(x.grad, torch.tensor([0.0, -0.25, -0.0625]))
