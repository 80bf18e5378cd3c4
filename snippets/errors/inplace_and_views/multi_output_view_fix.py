"""Clamp out of place: the clamped entries get a zero gradient, as clamp's derivative says."""
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(3, 4)
x = torch.randn(2, 3)
out = net(x)
out.retain_grad()
mean, log_std = out.chunk(2, dim=-1)
log_std = log_std.clamp(-0.5, 0.0)          # a new tensor
(mean.sum() + log_std.sum()).backward()

raw = out.detach()[:, 2:]
inside = ((raw >= -0.5) & (raw <= 0.0)).float()
print("raw log_std:        ", raw)
print("gradient on log_std:", out.grad[:, 2:])
assert torch.equal(out.grad[:, 2:], inside) and torch.equal(out.grad[:, :2], torch.ones(2, 2))
