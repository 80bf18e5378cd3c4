# snippet: raises=AssertionError
"""The bounds of a Dim become a check on every call of the exported module."""
import torch
from torch.export import Dim, export


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.lin(x))


torch.manual_seed(0)
# --8<-- [start:fail]
batch = Dim("batch", min=1, max=16)
ep = export(Net(), (torch.randn(4, 4),), dynamic_shapes={"x": {0: batch}})
runner = ep.module()
print("range constraints:", ep.range_constraints)
print("batch 16:", tuple(runner(torch.randn(16, 4)).shape))
runner(torch.randn(32, 4))                    # above max=16
# --8<-- [end:fail]
