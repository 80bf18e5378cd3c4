"""Parameters are optimized and get gradients; buffers are state that moves with the module and is saved."""
import torch
from torch import nn


# --8<-- [start:module]
class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2))                         # learned
        self.register_buffer("scale", torch.full((2,), 3.0))              # state, saved
        self.register_buffer("cache", torch.zeros(2), persistent=False)   # state, not saved

    def forward(self, x):
        return x * self.weight * self.scale


m = Scaled()
print("parameters():", [n for n, _ in m.named_parameters()])
print("buffers():   ", [n for n, _ in m.named_buffers()])
print("state_dict():", list(m.state_dict()))
m.to(torch.float64)
print("after .to(float64):", m.weight.dtype, m.scale.dtype, m.cache.dtype)
m(torch.ones(2, dtype=torch.float64)).sum().backward()
print("scale.requires_grad:", m.scale.requires_grad, " weight.grad:", m.weight.grad.tolist())
# --8<-- [end:module]
assert list(m.state_dict()) == ["weight", "scale"] and m.scale.dtype == torch.float64
assert m.scale.grad is None
