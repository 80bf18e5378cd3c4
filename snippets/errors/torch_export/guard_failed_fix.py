"""Declare the batch dimension dynamic: the exported module then runs for other batch sizes."""
import torch
from torch.export import Dim, export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())

ep = export(model, (torch.randn(4, 4),), dynamic_shapes={"input": {0: Dim("batch", max=64)}})
print("range constraints:", ep.range_constraints)
for batch in [8, 2, 64]:
    x = torch.randn(batch, 4)
    out = ep.module()(x)
    assert torch.allclose(out, model(x))
    print(f"batch {batch}: {tuple(out.shape)}, equals eager")
