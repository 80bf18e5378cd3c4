"""Compiled autograd: the backward pass itself, hooks included, captured as a graph at run time."""
import re

import torch
from logcapture import torch_logs

torch.manual_seed(0)
x, w = torch.randn(3, 4), torch.randn(4, 2, requires_grad=True)
w.register_hook(lambda grad: grad * 2)          # a Python hook on the gradient of w


# --8<-- [start:enable]
def train_step(x, w):
    loss = torch.sin(x @ w).sum()
    loss.backward()                              # traced by compiled autograd when it runs


with torch._dynamo.config.patch(compiled_autograd=True):   # read when torch.compile is called
    compiled_step = torch.compile(train_step, backend="eager")
with torch_logs(compiled_autograd=True) as messages:        # TORCH_LOGS=compiled_autograd
    compiled_step(x, w)
# --8<-- [end:enable]

graph = next(m for m in messages if "Compiled autograd graph" in m)
print("what the captured backward graph calls, in order:")
for name in re.findall(r"= (torch__dynamo_\w+)\(", graph):
    name = re.sub(r"^torch__dynamo_(compiled_autograd_ops_|external_utils_)", "", name)
    if name != "validate_outputs":
        print("   ", name)

w_plain = w.detach().requires_grad_()           # the same weights, without the hook
expected = torch.autograd.grad(torch.sin(x @ w_plain).sum(), w_plain)[0] * 2
print("w.grad matches eager backward with the hook:", torch.allclose(w.grad, expected))
assert "call_hook" in graph and torch.allclose(w.grad, expected)
