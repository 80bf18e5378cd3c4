"""register_autograd gives the op its derivative; the gradient equals 2/sqrt(pi) * exp(-x^2)."""
import math

import torch
from torch import Tensor


@torch.library.custom_op("fieldguide_errors::erf", mutates_args=())
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

x = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
erf(x).sum().backward()
expected = 2 / math.sqrt(math.pi) * torch.exp(-x.detach() ** 2)
print("x.grad:  ", x.grad)
print("analytic:", expected)
assert torch.allclose(x.grad, expected)
