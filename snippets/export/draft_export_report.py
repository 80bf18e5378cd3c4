# snippet: timeout=120
"""draft_export traces a model export rejects, and reports every problem it had to paper over."""
import contextlib
import io
import logging
import re

import torch
from torch.export import Dim, draft_export, export

torch._logging.set_logs(dynamic=logging.ERROR, export=logging.ERROR)  # mute timestamped logs


class Gate(torch.nn.Module):
    def forward(self, x, y, k):
        n = k.item()                        # data-dependent ...
        if n > 2:                           # ... and branched on
            return (x + y)[:n] * 2          # x + y also needs len(x) == len(y)
        return x + y


args = (torch.arange(8.0), torch.ones(8), torch.tensor(4))
shapes = {"x": {0: Dim("a")}, "y": {0: Dim("b")}, "k": None}

for strict in (False, True):
    try:
        with contextlib.redirect_stderr(io.StringIO()):   # the partial graph, printed twice
            export(Gate(), args, dynamic_shapes=shapes, strict=strict)
    except Exception as error:
        first = str(error).splitlines()[0].split("  (")[0]
        print(f"export(strict={strict}) stops at the first problem: {type(error).__name__}")
        print("   ", first)

# --8<-- [start:draft]
ep = draft_export(Gate(), args, dynamic_shapes=shapes)    # same arguments as export
report = ep._report                                       # what the warning tells you to print
text = re.sub(r"\x1b\[\d+m", "", str(report))             # drop the terminal colours
# --8<-- [end:draft]
key = re.compile(r"WARNING|^\d+\. |unable to evaluate|this guard was added|dynamic_shapes =|Please add")
print("\nkey lines of print(ep._report):")
for line in text.splitlines():
    if key.search(line):
        print(" ", line.strip())

print("\nfailure types:", [str(f.failure_type) for f in report.failures])
print("successful:", report.successful(), "| range constraints:", ep.range_constraints)
inputs = [tuple(n.meta["val"].shape) for n in ep.graph.nodes if n.op == "placeholder"]
print("graph inputs:", inputs)
runner = ep.module()
for value in (3, 6):
    k = torch.tensor(value)
    assert torch.equal(runner(args[0], args[1], k), Gate()(args[0], args[1], k))
print("k = 3 and k = 6 match eager")
try:
    runner(args[0], args[1], torch.tensor(1))
except RuntimeError as error:
    print("k = 1 (the other branch):", str(error).splitlines()[0])


# --8<-- [start:fixed]
class FixedGate(torch.nn.Module):
    def forward(self, x, y, k):
        n = k.item()
        torch._check(n > 2)                 # the fix the report asked for
        return (x + y)[:n] * 2


n = Dim("n")
fixed = draft_export(FixedGate(), args, dynamic_shapes={"x": {0: n}, "y": {0: n}, "k": None})
print("after the fixes, successful:", fixed._report.successful(), "| issues:",
      len(fixed._report.failures))
# --8<-- [end:fixed]
export(FixedGate(), args, dynamic_shapes={"x": {0: n}, "y": {0: n}, "k": None})
print("and plain export() accepts it")
assert not report.successful() and fixed._report.successful()
