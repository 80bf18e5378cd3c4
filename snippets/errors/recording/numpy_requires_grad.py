# snippet: raises=RuntimeError
"""A tensor that requires grad refuses to hand its memory to NumPy, which autograd cannot follow."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
pred = model(torch.randn(4, 3))
pred.numpy()
