"""Compute the frozen features under no_grad (or clone() them outside inference_mode): the head trains."""
import torch
from torch import nn

torch.manual_seed(0)
backbone, head = nn.Linear(4, 4), nn.Linear(4, 1)
opt = torch.optim.SGD(head.parameters(), lr=0.1)
before = head.weight.detach().clone()

with torch.no_grad():
    features = backbone(torch.randn(2, 4))        # a normal tensor without history
print("features.is_inference():", features.is_inference(), " requires_grad:", features.requires_grad)
head(features).sum().backward()
opt.step()
print("head weights changed:", not torch.equal(head.weight.detach(), before),
      " backbone.weight.grad:", backbone.weight.grad)
assert not torch.equal(head.weight.detach(), before) and backbone.weight.grad is None
