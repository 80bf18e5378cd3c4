"""torch.compile guards on requires_grad and on grad mode: changing either recompiles, and the result follows."""
import re

import torch
from logcapture import torch_logs
from torch._dynamo.testing import CompileCounter

counter = CompileCounter()


@torch.compile(backend=counter)
def f(a):
    return (a * 2).sum()


# --8<-- [start:guards]
a = torch.randn(3)
with torch_logs(recompiles=True) as messages:
    f(a)
    a.requires_grad_(True)
    out = f(a)                                   # requires_grad changed: a second graph
    with torch.no_grad():
        f(a)                                     # grad mode changed: a third graph
print("graphs compiled:", counter.frame_count, "  output requires grad:", out.requires_grad)
failures = sorted({m.group(1).strip() for m in re.finditer(r"- \d+/\d+: (.*)", "\n".join(messages))})
print("guard failures:", failures)
# --8<-- [end:guards]
assert counter.frame_count == 3

# --8<-- [start:module]
layer = torch.nn.Linear(3, 1)
compiled = torch.compile(layer, backend=CompileCounter())
x = torch.randn(2, 3)
with torch_logs(recompiles=True):                # collected, not printed
    layer.requires_grad_(False)
    frozen = compiled(x)
    layer.requires_grad_(True)                   # unfreeze later in training
    unfrozen = compiled(x)
print("frozen: output requires grad", frozen.requires_grad,
      "  unfrozen:", unfrozen.requires_grad)
unfrozen.sum().backward()
print("after unfreezing, weight.grad is None:", layer.weight.grad is None)
# --8<-- [end:module]
assert not frozen.requires_grad and unfrozen.requires_grad and layer.weight.grad is not None

# --8<-- [start:toggle]
toggled = torch.nn.Linear(3, 1)
counter = CompileCounter()
compiled = torch.compile(toggled, backend=counter)
with torch_logs(recompiles=True):                # collected, not printed
    for step in range(20):
        toggled.requires_grad_(step % 2 == 1)    # frozen, unfrozen, frozen, ...
        compiled(x)
print("20 toggles between two states: graphs compiled:", counter.frame_count)
# --8<-- [end:toggle]
assert counter.frame_count == 2
