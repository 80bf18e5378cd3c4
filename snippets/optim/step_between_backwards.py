# snippet: raises=RuntimeError
"""A step between two backward calls on one graph changes a weight that graph saved."""
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(3, 3)
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
x = torch.randn(4, 3, requires_grad=True)

h = layer(x)
first_loss = h.sum()
second_loss = layer(h).sum()          # the second call saves layer.weight (to reach h)
first_loss.backward(retain_graph=True)
optimizer.step()                      # weight._version goes up
second_loss.backward()
