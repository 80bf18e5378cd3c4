# snippet: raises=RuntimeError
"""Two independent Dims where the code needs them equal: export refuses and suggests the fix."""
import torch
from torch.export import Dim, export


class AddPair(torch.nn.Module):
    def forward(self, x, y):
        return x + y                              # needs x.shape[0] == y.shape[0]


# --8<-- [start:fail]
shapes = {"x": {0: Dim("a")}, "y": {0: Dim("b")}}  # claims a and b vary independently
export(AddPair(), (torch.randn(4), torch.randn(4)), dynamic_shapes=shapes)
# --8<-- [end:fail]
