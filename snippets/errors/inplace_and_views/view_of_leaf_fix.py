"""Initialise under torch.no_grad(): the parameter itself changes and stays a trainable leaf."""
import torch
from torch import nn

torch.manual_seed(0)
emb = nn.Embedding(4, 3)
with torch.no_grad():
    emb.weight[0] = 0.0
print("emb.weight[0]:", emb.weight[0].detach(), " is_leaf:", emb.weight.is_leaf)

opt = torch.optim.SGD(emb.parameters(), lr=0.1)
before = emb.weight.detach().clone()
emb(torch.tensor([1, 2])).sum().backward()
opt.step()
print("rows changed by a step:", (emb.weight.detach() != before).any(dim=1).tolist())
assert torch.equal(before[0], torch.zeros(3)) and emb.weight.is_leaf
