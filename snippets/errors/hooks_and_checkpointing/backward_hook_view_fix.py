"""Out-of-place activations next to hooked modules: the hook's grad_input is the gradient of the block's input."""
import torch
from torch import nn

torch.manual_seed(0)
block = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4))
seen = []
block.register_full_backward_hook(lambda module, grad_input, grad_output: seen.append(grad_input[0]))
model = nn.Sequential(block, nn.ReLU(inplace=True), nn.Linear(4, 1))
for module in model.modules():
    if isinstance(module, nn.ReLU):
        module.inplace = False        # the one change

x = torch.randn(2, 4, requires_grad=True)
model(x).sum().backward()
print("hook's grad_input[0] equals x.grad:", torch.allclose(seen[0], x.grad))
assert torch.allclose(seen[0], x.grad)
