"""Silencing the warning: training runs, the head learns, the checkpointed layer silently never does."""
import warnings

import torch
from torch.utils.checkpoint import checkpoint

warnings.filterwarnings("ignore", message="None of the inputs have requires_grad=True")
torch.manual_seed(0)
layer, head = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
opt = torch.optim.SGD([*layer.parameters(), *head.parameters()], lr=0.1)
layer_before, head_before = layer.weight.detach().clone(), head.weight.detach().clone()

for _ in range(3):
    opt.zero_grad()
    head(checkpoint(layer, torch.randn(2, 3), use_reentrant=True)).sum().backward()
    opt.step()
print("layer.weight.grad:", layer.weight.grad)
print("head changed:", not torch.equal(head.weight, head_before),
      "| checkpointed layer changed:", not torch.equal(layer.weight, layer_before))
assert layer.weight.grad is None and torch.equal(layer.weight, layer_before)
