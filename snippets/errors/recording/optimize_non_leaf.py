# snippet: raises=ValueError
"""Scaling after requires_grad=True records the scaling: the optimizer receives a non-leaf."""
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True) * 0.01     # w is the result of a multiplication
torch.optim.SGD([w], lr=0.1)
