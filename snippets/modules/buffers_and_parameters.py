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
        self.register_buffer("count", torch.tensor(0))                    # an int64 counter

    def forward(self, x):
        return x * self.weight * self.scale


m = Scaled()
print("parameters():", [n for n, _ in m.named_parameters()])
print("buffers():   ", [n for n, _ in m.named_buffers()])
print("state_dict():", list(m.state_dict()))
m.to(torch.float64)
print("after .to(float64):", m.weight.dtype, m.scale.dtype, m.cache.dtype, m.count.dtype)
m(torch.ones(2, dtype=torch.float64)).sum().backward()
print("scale.requires_grad:", m.scale.requires_grad, " weight.grad:", m.weight.grad.tolist())
# --8<-- [end:module]
assert list(m.state_dict()) == ["weight", "scale", "count"] and m.scale.dtype == torch.float64
assert m.count.dtype == torch.int64                 # .to(dtype) casts floating point only
assert m.scale.grad is None

m.register_buffer("learned_by_nobody", torch.ones(2, requires_grad=True))
print("a buffer registered from a tensor that requires grad:",
      m.learned_by_nobody.requires_grad, " in parameters():",
      any(p is m.learned_by_nobody for p in m.parameters()))
assert m.learned_by_nobody.requires_grad
