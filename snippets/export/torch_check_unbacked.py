"""A size read from data is unbacked; torch._check tells export what it may assume, and runs too."""
import contextlib
import io
import logging

import torch
from torch.export import export

torch._logging.set_logs(dynamic=logging.ERROR)  # mute a timestamped log line; the errors stay


class Head(torch.nn.Module):
    def forward(self, x, k):
        n = k.item()                            # a size known only at run time
        if n > 2:
            return x[:n] * 2
        return x


# --8<-- [start:check]
class CheckedHead(torch.nn.Module):
    def forward(self, x, k):
        n = k.item()
        torch._check(n > 2)                     # an assumption export may use, asserted per call
        if n > 2:
            return x[:n] * 2
        return x
# --8<-- [end:check]


x, k = torch.arange(8.0), torch.tensor(4)
try:
    with contextlib.redirect_stderr(io.StringIO()):  # torch prints the partial graph twice
        export(Head(), (x, k))
except Exception as error:
    failed = error
    print("without torch._check:", type(error).__name__)
    print("   ", str(error).splitlines()[0].split("  ")[0])
assert isinstance(failed, torch.fx.experimental.symbolic_shapes.GuardOnDataDependentSymNode)

ep = export(CheckedHead(), (x, k))
asserts = [n for n in ep.graph.nodes if n.target is torch.ops.aten._assert_scalar.default]
print("with torch._check:    range", ep.range_constraints, f"and {len(asserts)} asserts in the graph")
runner = ep.module()
for value in (4, 6):
    assert torch.equal(runner(x, torch.tensor(value)), CheckedHead()(x, torch.tensor(value)))
print("k = 4 and k = 6 match eager")
try:
    runner(x, torch.tensor(2))
except RuntimeError as error:
    print("k = 2:", type(error).__name__, str(error).splitlines()[0])
else:
    raise AssertionError("k = 2 should fail the runtime assert")
