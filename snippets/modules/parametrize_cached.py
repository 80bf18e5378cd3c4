"""A parametrization recomputes the weight at every access; parametrize.cached() computes it once per block."""
import torch
from torch import nn
from torch.nn.utils import parametrize


class Standardize(nn.Module):
    calls = 0

    def forward(self, W):
        Standardize.calls += 1
        return (W - W.mean()) / W.std()


torch.manual_seed(0)
layer = nn.Linear(4, 4)
parametrize.register_parametrization(layer, "weight", Standardize())
x = torch.randn(2, 4)

# --8<-- [start:calls]
Standardize.calls = 0
y = layer(x) + layer(x)                            # the layer used twice
print("without cache: the parametrization ran", Standardize.calls, "times")
Standardize.calls = 0
with parametrize.cached():
    y = layer(x) + layer(x)
print("inside parametrize.cached(): it ran", Standardize.calls, "time")
y.sum().backward()
print("the original parameter got its gradient:",
      layer.parametrizations.weight.original.grad is not None)
# --8<-- [end:calls]
assert Standardize.calls == 1

# --8<-- [start:per_step]
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
for _ in range(2):
    optimizer.zero_grad()
    with parametrize.cached():                     # one cache per forward pass
        loss = (layer(x) + layer(x)).sum()
    loss.backward()
    optimizer.step()
print("two steps, a fresh cache in each: fine")
# --8<-- [end:per_step]
