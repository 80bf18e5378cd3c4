"""Derived dims: 2 * b and b + 1 tie one input's size to another's; export prints their ranges."""
import torch
from torch.export import Dim, export


class Stack(torch.nn.Module):
    def forward(self, x, y, z):
        doubled = torch.cat([x, x]) + y          # needs len(y) == 2 * len(x)
        shifted = x + z[1:]                      # needs len(z) == len(x) + 1
        return doubled, shifted


args = (torch.randn(4), torch.randn(8), torch.randn(5))

# --8<-- [start:derive]
b = Dim("b", min=2, max=16)
shapes = {"x": {0: b}, "y": {0: 2 * b}, "z": {0: b + 1}}   # one root, two derived dims
ep = export(Stack(), args, dynamic_shapes=shapes)
print("derived dims:", 2 * b, "|", b + 1)
print("range constraints:", ep.range_constraints)
# --8<-- [end:derive]

inputs = [tuple(n.meta["val"].shape) for n in ep.graph.nodes if n.op == "placeholder"]
print("graph inputs:", inputs)

runner = ep.module()
eager = Stack()
for n in (2, 7, 16):
    x, y, z = torch.randn(n), torch.randn(2 * n), torch.randn(n + 1)
    got, want = runner(x, y, z), eager(x, y, z)
    assert all(torch.equal(g, w) for g, w in zip(got, want, strict=True))
print("b = 2, 7 and 16 run and match eager")

for label, sizes in [("len(y) = 2b + 1", (7, 15, 8)), ("b = 17 > max", (17, 34, 18))]:
    try:
        runner(*(torch.randn(s) for s in sizes))
    except AssertionError as err:
        print(f"{label}: AssertionError: {err}")
    else:
        raise AssertionError(f"{label} should fail the input check")

try:
    Dim("d") * 1.5                              # only A * dim + B, with integers A > 0 and B
except NotImplementedError as err:
    print("NotImplementedError:", err)
c = Dim("c")                                    # z as the root: x = c - 1 may be negative
try:
    export(Stack(), args, dynamic_shapes={"x": {0: c - 1}, "y": {0: 2 * c - 2}, "z": {0: c}})
except AssertionError as err:
    print("AssertionError:", err)
assert str(ep.range_constraints) == "{s77: VR[2, 16], 2*s77: VR[4, 32], s77 + 1: VR[3, 17]}"
