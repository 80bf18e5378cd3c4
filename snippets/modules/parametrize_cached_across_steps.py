# snippet: raises=RuntimeError
"""parametrize.cached() around the training loop: the cached weight's graph is freed by the first backward."""
import torch
from torch import nn
from torch.nn.utils import parametrize


class Standardize(nn.Module):
    def forward(self, W):
        return (W - W.mean()) / W.std()


torch.manual_seed(0)
layer = nn.Linear(4, 4)
parametrize.register_parametrization(layer, "weight", Standardize())
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
x = torch.randn(2, 4)

with parametrize.cached():                         # one cache for every step
    for step in range(2):
        optimizer.zero_grad()
        loss = (layer(x) + layer(x)).sum()
        loss.backward()
        optimizer.step()
        print(f"step {step} done")
