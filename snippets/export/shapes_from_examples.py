"""dynamic_shapes without writing the nested spec: ShapesCollection keys the Dims by tensor, and
AdditionalInputs infers which dimensions vary from more example inputs. The inferred Dim.DYNAMIC
accepts the equality tracing finds between two sizes; two separate named Dims refuse it."""
import logging

import torch
from torch.export import AdditionalInputs, Dim, ShapesCollection, export

torch._logging.set_logs(export=logging.ERROR)        # mute a timestamped deprecation log line


class Masked(torch.nn.Module):
    def forward(self, x, mask):
        return (x * mask).sum(dim=-1)


def input_shapes(ep):
    return [tuple(node.meta["val"].shape) for node in ep.graph.nodes if node.op == "placeholder"]


x, mask = torch.randn(4, 8), torch.ones(4, 8)

shapes = ShapesCollection()
batch = Dim("batch")
shapes[x] = {0: batch}                 # by tensor, wherever it sits in the inputs
shapes[mask] = {0: batch}
ep = export(Masked(), (x, mask), dynamic_shapes=shapes.dynamic_shapes(Masked(), (x, mask)))
print("ShapesCollection: ", input_shapes(ep))

examples = AdditionalInputs()
examples.add((torch.randn(6, 8), torch.ones(6, 8)))   # batch 6 ...
examples.add((torch.randn(2, 8), torch.ones(2, 8)))   # ... and 2; the 8 never changes
print("inferred spec:    ", examples.dynamic_shapes(Masked(), (x, mask)))
ep2 = export(Masked(), (x, mask), dynamic_shapes=examples)
print("AdditionalInputs: ", input_shapes(ep2))
print("runs a batch of 5:", tuple(ep2.module()(torch.randn(5, 8), torch.ones(5, 8)).shape))

for program in (ep, ep2):
    (rows, cols), _ = input_shapes(program)
    assert isinstance(rows, torch.SymInt) and cols == 8
(x_rows, _), (mask_rows, _) = input_shapes(ep2)
assert str(x_rows) == str(mask_rows)                  # the two DYNAMIC sizes share one symbol

try:                                                  # two named Dims for the same two sizes
    export(Masked(), (x, mask), dynamic_shapes={"x": {0: Dim("b1")}, "mask": {0: Dim("b2")}})
except torch._dynamo.exc.UserError as error:
    reason = next(line for line in str(error).splitlines() if "must always be equal" in line)
    print("Dim('b1'), Dim('b2'):", type(error).__name__)
    print(" ", reason.strip())
else:
    raise AssertionError("two named Dims for equal sizes were accepted")
