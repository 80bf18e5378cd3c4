# snippet: raises=RuntimeError
"""A full backward hook wraps the block's output; the in-place ReLU after the block modifies that output."""
import torch
from torch import nn

torch.manual_seed(0)
block = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4))
block.register_full_backward_hook(lambda module, grad_input, grad_output: None)
model = nn.Sequential(block, nn.ReLU(inplace=True), nn.Linear(4, 1))
model(torch.randn(2, 4, requires_grad=True))
