"""Export with an example batch of 2 or more; the program then also accepts a batch of 1."""
import torch
from torch.export import Dim, export

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
ep = export(model, (torch.randn(2, 4),), dynamic_shapes={"input": {0: Dim.DYNAMIC}})
print("range constraints:", ep.range_constraints)
for batch in [1, 5]:
    x = torch.randn(batch, 4)
    assert torch.allclose(ep.module()(x), model(x))
    print(f"batch {batch}: equals eager")
