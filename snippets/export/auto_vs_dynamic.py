"""When the code fixes a size, Dim.AUTO quietly goes static; Dim.DYNAMIC (or a named Dim) fails."""
import torch
from torch.export import Dim, export


class AddBias(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("bias", torch.ones(8))

    def forward(self, x):
        return x + self.bias                   # only a length of 8 broadcasts


x = torch.randn(8)
# --8<-- [start:compare]
ep = export(AddBias(), (x,), dynamic_shapes={"x": {0: Dim.AUTO}})
x_shape = next(n.meta["val"].shape for n in ep.graph.nodes if n.name == "x")
print("Dim.AUTO    -> graph input x:", list(x_shape), "range constraints:", ep.range_constraints)
try:
    export(AddBias(), (x,), dynamic_shapes={"x": {0: Dim.DYNAMIC}})
except RuntimeError as err:
    print(f"Dim.DYNAMIC -> {type(err).__name__}:", *str(err).splitlines()[:2], sep="\n  ")
# --8<-- [end:compare]
assert list(x_shape) == [8] and not ep.range_constraints
