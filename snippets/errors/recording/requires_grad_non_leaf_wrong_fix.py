"""requires_grad_(True) on a non-leaf raises nothing and changes nothing: .grad stays None."""
import warnings

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
image = torch.rand(1, 4, requires_grad=True)
model(image).sum().backward()
image = image + 0.1 * image.grad.sign()
image.requires_grad_(True)                        # no error: it already requires grad
model(image).sum().backward()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    grad = image.grad
print("image.is_leaf:", image.is_leaf, " image.grad:", grad)
print("warning on reading it:", str(caught[0].message).split(". ")[0] + ".")
assert not image.is_leaf and grad is None
