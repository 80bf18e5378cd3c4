# snippet: raises=AssertionError
"""Without dynamic_shapes every dimension is frozen at its example size."""
import torch
from torch.export import export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())

# --8<-- [start:fail]
ep = export(model, (torch.randn(4, 4),))      # exported with a batch of 4
shape = next(n.meta["val"].shape for n in ep.graph.nodes if n.name == "input")
print("the graph's input is", tuple(shape), "| range constraints:", ep.range_constraints)
print("batch 4:", tuple(ep.module()(torch.randn(4, 4)).shape))
ep.module()(torch.randn(8, 4))                # a batch of 8 fails the input check
# --8<-- [end:fail]
