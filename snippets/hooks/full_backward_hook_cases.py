"""Module full backward hooks: when no input requires grad, when the module is outside the graph, and identity."""
import warnings

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 3)                         # data: does not require grad

# --8<-- [start:no_input_grad]
layer = nn.Linear(3, 3)
seen = []
layer.register_full_backward_hook(lambda m, grad_input, grad_output: seen.append(grad_input))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    layer(x).sum().backward()
print("first layer, input without grad: hook called with grad_input =", seen[0])
print("UserWarning:", str(caught[0].message).split(". See")[0])
# --8<-- [end:no_input_grad]

# --8<-- [start:outside_graph]
model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))
model[0].requires_grad_(False)                # frozen first layer, input without grad
calls = []
model[0].register_full_backward_hook(lambda m, gi, go: calls.append(m))
model(x).sum().backward()
print("frozen first layer: hook calls =", len(calls), "(nothing before it requires grad)")
# --8<-- [end:outside_graph]
assert calls == []

# --8<-- [start:identity]
identity = nn.Identity()
identity.register_full_backward_hook(lambda m, gi, go: None)     # a hook that does nothing
t = torch.randn(2, requires_grad=True)
out = identity(t)
print("identity(t) is t:", out is t, "  out.grad_fn:", type(out.grad_fn).__name__)
# --8<-- [end:identity]
assert out is not t
