"""requires_grad=False does not stop BatchNorm's running statistics; eval() does, and eval() freezes no weight."""
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(8, 3) * 2 + 5                     # batch mean near 5

# --8<-- [start:bn]
bn = nn.BatchNorm1d(3)
bn.requires_grad_(False)                          # weight and bias frozen
bn(x)
print("frozen, train mode: running_mean =", [round(v, 3) for v in bn.running_mean.tolist()])
moved = bn.running_mean.clone()
bn.eval()
bn(x)
print("frozen, eval mode:  running_mean unchanged:", torch.equal(moved, bn.running_mean))
# --8<-- [end:bn]
assert not torch.equal(moved, torch.zeros(3)) and torch.equal(moved, bn.running_mean)

# --8<-- [start:eval]
model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3), nn.Dropout(0.5))
model.eval()                                      # a mode for BatchNorm and Dropout, nothing more
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
before = model[0].weight.detach().clone()
model(x).sum().backward()
optimizer.step()
print("after eval(): the Linear weight has a gradient:", model[0].weight.grad is not None,
      " and moved:", not torch.equal(before, model[0].weight))
# --8<-- [end:eval]
assert not torch.equal(before, model[0].weight)
