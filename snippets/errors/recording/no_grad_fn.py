# snippet: raises=RuntimeError
"""The loss was computed with grad mode off, so it has no grad_fn and backward has nothing to run."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)

with torch.no_grad():                       # e.g. an evaluation helper reused for training
    loss = nn.functional.mse_loss(model(x), y)
loss.backward()
