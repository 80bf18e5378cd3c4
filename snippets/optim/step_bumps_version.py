"""optimizer.step() updates parameters in place under no_grad: their version counters move, and no error is raised."""
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(3, 1)
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)

# --8<-- [start:version]
before = layer.weight._version
layer(torch.randn(4, 3)).sum().backward()
optimizer.step()
print(f"weight._version: {before} before the step, {layer.weight._version} after")

try:                                               # the same update with grad mode on
    layer.weight.sub_(0.1 * layer.weight.grad)
except RuntimeError as error:
    print("with grad mode on: RuntimeError:", error)
with torch.no_grad():                              # what the optimizer does
    layer.weight.sub_(0.1 * layer.weight.grad)
print(f"under torch.no_grad(): allowed, weight._version = {layer.weight._version}")
# --8<-- [end:version]
assert layer.weight._version == before + 2
