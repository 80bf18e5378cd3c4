# snippet: raises=RuntimeError
"""A custom op without register_autograd still records a node, but backward through it raises."""
import math

import torch
from torch import Tensor


@torch.library.custom_op("fieldguide::erf", mutates_args=())
def erf(x: Tensor) -> Tensor:
    values = [math.erf(v) for v in x.flatten().tolist()]
    return torch.tensor(values, dtype=x.dtype).reshape(x.shape)


@erf.register_fake
def _(x):
    return torch.empty_like(x)
# no erf.register_autograd(...)


x = torch.ones(3, requires_grad=True)
y = erf(x)
print("y.requires_grad:", y.requires_grad, "  grad_fn:", type(y.grad_fn).__name__)
assert y.requires_grad
y.sum().backward()                                # raises
