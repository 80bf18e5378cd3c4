"""retain_grad() on an activation inside a region compiled with compiled autograd."""
import warnings

import torch

warnings.filterwarnings("ignore", message="Dynamo does not know how to trace")  # names install paths

torch.manual_seed(0)
layer = torch.nn.Linear(3, 3)
x = torch.randn(2, 3)

# --8<-- [start:retain]
h = layer(x)
h.retain_grad()
h.pow(2).sum().backward()
eager = h.grad.clone()

torch._dynamo.config.compiled_autograd = True        # capture backward too


@torch.compile(backend="aot_eager")
def step(x):
    h = layer(x)
    h.retain_grad()
    h.pow(2).sum().backward()
    return h


h = step(x)
print("compiled autograd: h.grad equals eager:", torch.allclose(h.grad, eager))
# --8<-- [end:retain]
assert torch.allclose(h.grad, eager)
