# snippet: raises=RuntimeError
"""A slice taken under no_grad, then scaled in place with grad mode back on."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
with torch.no_grad():
    head = h[:1]                  # a view, created with grad mode off
head.mul_(10)                     # modified with grad mode on
