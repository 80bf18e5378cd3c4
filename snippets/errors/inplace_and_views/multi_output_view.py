# snippet: raises=RuntimeError
"""chunk returns several views of one tensor; clamping one of them in place is refused."""
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(3, 4)
mean, log_std = net(torch.randn(2, 3)).chunk(2, dim=-1)
log_std.clamp_(-0.5, 0.0)
