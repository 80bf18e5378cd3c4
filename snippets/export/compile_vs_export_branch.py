"""The same data-dependent `if`: torch.compile splits the graph and runs the rest as Python;
torch.export has no Python to fall back to, so it refuses."""
import contextlib
import io
import logging

import torch

torch._logging.set_logs(dynamic=logging.ERROR)  # mute a timestamped log line


def gate(x):
    if x.sum() > 0:
        return x.sin()
    return x.cos()


class Gate(torch.nn.Module):
    def forward(self, x):
        return gate(x)


pos, neg = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([-1.0, -2.0, -3.0])

# --8<-- [start:compile]
compiled = torch.compile(gate, backend="eager")
ok = all(torch.equal(compiled(t), gate(t)) for t in (pos, neg))
report = torch._dynamo.explain(gate)(pos)
print("torch.compile: matches eager for both signs:", ok)
print(f"  graphs={report.graph_count} graph_breaks={report.graph_break_count}")
reason = report.break_reasons[0]
print(f"  break reason: {reason.reason!r} at line {reason.user_stack[-1].lineno} (the `if`)")
# --8<-- [end:compile]

# --8<-- [start:export]
try:
    with contextlib.redirect_stderr(io.StringIO()):    # hide the partial graph it prints
        torch.export.export(Gate(), (pos,))
except RuntimeError as err:
    print("torch.export:", type(err).__name__, "-", str(err).splitlines()[0])
# --8<-- [end:export]
assert ok and report.graph_break_count >= 1
