"""The old register_backward_hook does not raise, but its grad_input belongs to the block's last node, not to its input."""
import warnings

import torch
from torch import nn

torch.manual_seed(0)
block = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4))
seen, inner = [], []


def keep_tanh_output(module, args, out):          # the input of the block's last Linear
    out.retain_grad()
    inner.append(out)


block[1].register_forward_hook(keep_tanh_output)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    block.register_backward_hook(lambda module, grad_input, grad_output: seen.append(grad_input))
    model = nn.Sequential(block, nn.ReLU(inplace=True), nn.Linear(4, 1))
    x = torch.randn(2, 4, requires_grad=True)
    model(x).sum().backward()
print("warning:", str(caught[0].message).split(". ")[0])
print("shapes in grad_input:", [tuple(g.shape) for g in seen[0]], "| the block's input:", tuple(x.shape))
print("grad_input[0] equals the last Linear's bias gradient:", torch.equal(seen[0][0], block[2].bias.grad))
print("the (2, 4) entry equals x.grad:", torch.allclose(seen[0][1], x.grad),
      "| equals the gradient of the last Linear's input:", torch.allclose(seen[0][1], inner[0].grad))
assert torch.equal(seen[0][0], block[2].bias.grad) and not torch.allclose(seen[0][1], x.grad)
assert torch.allclose(seen[0][1], inner[0].grad)
