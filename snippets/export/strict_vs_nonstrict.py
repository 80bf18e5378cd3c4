"""Non-strict (the default) runs forward as Python on fake tensors; strict traces it with Dynamo."""
import inspect

import torch
from torch.export import export

seen = []


class Doubler(torch.nn.Module):
    def forward(self, x):
        seen.append(type(x).__name__)        # a Python side effect
        return x * 2


default = inspect.signature(export).parameters["strict"].default
print("torch", torch.__version__, "| export(..., strict=) defaults to", default)

# --8<-- [start:modes]
loose = export(Doubler(), (torch.randn(3),))               # strict=False
print("after non-strict export, forward saw:", seen)
tight = export(Doubler(), (torch.randn(3),), strict=True)  # Dynamo reads the bytecode
print("after strict export, forward saw:    ", seen)
# --8<-- [end:modes]

same_ops = [n.target for n in loose.graph.nodes] == [n.target for n in tight.graph.nodes]
print("same ATen graph either way:", same_ops)
assert default is False and seen == ["FakeTensor"] and same_ops
