"""Cloning the weight and editing the clone raises nothing; the module's parameter keeps its old row."""
import torch
from torch import nn

torch.manual_seed(0)
emb = nn.Embedding(4, 3)
w = emb.weight.clone()            # a non-leaf copy
w[0] = 0.0                        # allowed on the copy
print("the copy's row 0:     ", w[0].detach())
print("emb.weight's row 0:   ", emb.weight[0].detach())
print("lookup of id 0 is zero:", bool((emb(torch.tensor([0])) == 0).all()))
assert not torch.equal(emb.weight[0].detach(), torch.zeros(3))
