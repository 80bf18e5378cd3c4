"""Per-sample gradients of an nn.Module: functional_call + vmap(grad), checked against a loop."""
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
inputs = torch.randn(6, 4)
targets = torch.randn(6, 1)

# --8<-- [start:vmap]
params = {name: p.detach() for name, p in model.named_parameters()}


def sample_loss(params, x, y):             # the loss of ONE example, parameters as an argument
    out = functional_call(model, params, (x.unsqueeze(0),))
    return nn.functional.mse_loss(out, y.unsqueeze(0))


per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, inputs, targets)
# --8<-- [end:vmap]

for name, g in per_sample.items():
    print(f"{name:<10} parameter {tuple(params[name].shape)!s:<8} per-sample grads {tuple(g.shape)}")

# The same with the tape: one backward per example.
for i in range(len(inputs)):
    model.zero_grad()
    nn.functional.mse_loss(model(inputs[i:i + 1]), targets[i:i + 1]).backward()
    for name, p in model.named_parameters():
        assert torch.allclose(per_sample[name][i], p.grad, atol=1e-6)
print("equal to 6 separate backward passes: True")
