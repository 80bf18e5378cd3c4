# snippet: raises=RuntimeError
"""Independent Dims where the code needs len(y) == 2 * len(x): export names the derived dim to use."""
import torch
from torch.export import Dim, export


class Stack(torch.nn.Module):
    def forward(self, x, y, z):
        return torch.cat([x, x]) + y, x + z[1:]


# --8<-- [start:fail]
args = (torch.randn(4), torch.randn(8), torch.randn(5))
shapes = {"x": {0: Dim("b")}, "y": {0: Dim("m")}, "z": {0: Dim("k")}}  # no relation declared
export(Stack(), args, dynamic_shapes=shapes)
# --8<-- [end:fail]
