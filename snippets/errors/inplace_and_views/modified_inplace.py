# snippet: raises=RuntimeError
"""sigmoid saves its output for backward; adding to that output in place invalidates it."""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = torch.sigmoid(x)              # SigmoidBackward0 saves y at version 0
y += 1                            # in place: y is now at version 1
y.sum().backward()
