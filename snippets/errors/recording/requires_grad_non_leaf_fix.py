"""Start each iteration from a new leaf: image.detach().requires_grad_()."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
image = torch.rand(1, 4)
for _step in range(3):
    image = image.detach().requires_grad_()       # a fresh leaf, cut from the last step's graph
    model(image).sum().backward()
    expected = model.weight.sum(dim=0, keepdim=True).detach()   # d/d(image) of sum(W @ image + b)
    assert image.is_leaf and torch.allclose(image.grad, expected)
    image = image + 0.1 * image.grad.sign()
print("each step: image.is_leaf = True and image.grad equals the column sums of W:",
      model.weight.sum(dim=0).detach().numpy().round(4))
