# snippet: raises=RuntimeError
"""Overwriting a tensor that backward needs is caught when backward unpacks it."""
import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
# --8<-- [start:fail]
y = x.exp()                   # ExpBackward0 saves y itself, at version 0
y.add_(1)                     # y is now at version 1
print("y._version =", y._version)
y.sum().backward()            # unpacking the saved y finds version 1, expected 0
# --8<-- [end:fail]
