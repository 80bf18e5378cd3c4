# snippet: timeout=180
"""Check a compiled model against its eager self: same loss and same gradients, within tolerance."""
import copy

import torch
from fieldkit import measured

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 1))
twin = copy.deepcopy(model)                 # same weights, compiled below
x, y = torch.randn(64, 16), torch.randn(64, 1)


# --8<-- [start:check]
def loss_and_grads(m):
    loss = torch.nn.functional.mse_loss(m(x), y)
    loss.backward()
    return loss.detach(), [p.grad for p in m.parameters()]


eager_loss, eager_grads = loss_and_grads(model)
compiled_loss, compiled_grads = loss_and_grads(torch.compile(twin))   # Inductor

print(f"loss   eager: {eager_loss.item():.6f}  compiled: {compiled_loss.item():.6f}")
names = [name for name, _ in model.named_parameters()]
for name, g_eager, g_compiled in zip(names, eager_grads, compiled_grads, strict=True):
    diff = (g_eager - g_compiled).abs().max().item()
    close = torch.allclose(g_eager, g_compiled, rtol=1e-4, atol=1e-5)
    print(f"grad {name:8}  max |difference| {measured(f'{diff:.1e}')}  allclose: {close}")
    assert close
# --8<-- [end:check]
assert torch.allclose(eager_loss, compiled_loss, rtol=1e-5)
