"""Clamping through .data raises nothing, but the clamp is not recorded: clamped entries still get gradient 1."""
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(3, 4)
x = torch.randn(2, 3)
out = net(x)
out.retain_grad()
mean, log_std = out.chunk(2, dim=-1)
raw = log_std.detach().clone()
log_std.data.clamp_(-0.5, 0.0)              # values clamped behind autograd's back
(mean.sum() + log_std.sum()).backward()

inside = ((raw >= -0.5) & (raw <= 0.0)).float()
print("raw log_std:                ", raw)
print("gradient on log_std:        ", out.grad[:, 2:])
print("clamp's derivative would be:", inside)
assert torch.equal(out.grad[:, 2:], torch.ones(2, 2)) and not torch.equal(inside, torch.ones(2, 2))
