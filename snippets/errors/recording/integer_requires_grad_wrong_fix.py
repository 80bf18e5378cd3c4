"""Casting the ids to float to get past the check, then back to long for the lookup: no gradient arrives."""
import torch
from torch import nn

torch.manual_seed(0)
emb = nn.Embedding(5, 4)
readout = torch.randn(4)
ids = torch.tensor([2, 0, 1]).float().requires_grad_()   # accepted now
looked_up = ids.long()                                    # an integer result: the graph stops here
print("ids.long().requires_grad:", looked_up.requires_grad)

loss = (emb(looked_up) @ readout).sum()
loss.backward()                                   # runs: the embedding weights require grad
print("ids.grad:", ids.grad)
assert ids.grad is None and emb.weight.grad is not None
