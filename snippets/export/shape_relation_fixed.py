"""One Dim shared by both inputs states the relation the code needs; the guard checks it."""
import torch
from torch.export import Dim, export


class AddPair(torch.nn.Module):
    def forward(self, x, y):
        return x + y


# --8<-- [start:fix]
n = Dim("n")
ep = export(AddPair(), (torch.randn(4), torch.randn(4)),
            dynamic_shapes={"x": {0: n}, "y": {0: n}})     # the same symbol twice
runner = ep.module()
print(runner(torch.ones(6), torch.ones(6)))
try:
    runner(torch.ones(6), torch.ones(5))
except AssertionError as err:
    print("AssertionError:", err)
# --8<-- [end:fix]


def input_shapes(program):
    return [tuple(node.meta["val"].shape) for node in program.graph.nodes if node.op == "placeholder"]


print("shared Dim  -> graph inputs:", input_shapes(ep), "| range constraints:", ep.range_constraints)
auto = export(AddPair(), (torch.randn(4), torch.randn(4)),
              dynamic_shapes={"x": {0: Dim.AUTO}, "y": {0: Dim.AUTO}})
print("Dim.AUTO x2 -> graph inputs:", input_shapes(auto), "| range constraints:",
      auto.range_constraints)
assert input_shapes(ep)[0] == input_shapes(ep)[1] and input_shapes(auto)[0] == input_shapes(auto)[1]
