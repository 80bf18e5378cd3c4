# snippet: raises=RuntimeError
"""torch.func.grad does not accept a custom op's registered autograd in torch 2.13 (an open issue)."""
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


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def backward(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * 2 / math.sqrt(math.pi) * torch.exp(-x * x)


erf.register_autograd(backward, setup_context=setup_context)

x = torch.tensor(0.5, requires_grad=True)
erf(x).backward()
print("autograd: d/dx erf(x) at 0.5 =", x.grad)
torch.func.grad(erf)(torch.tensor(0.5))          # raises
