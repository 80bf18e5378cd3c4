"""A hand-written Function for tanh-GELU: one node, one saved tensor, the same gradient."""
import math

import torch

C = math.sqrt(2 / math.pi)


# --8<-- [start:function]
class GeluTanh(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return 0.5 * x * (1 + torch.tanh(C * (x + 0.044715 * x**3)))

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])      # only the input

    @staticmethod
    def backward(ctx, grad_y):
        (x,) = ctx.saved_tensors              # recompute the rest from it
        t = torch.tanh(C * (x + 0.044715 * x**3))
        dt = (1 - t * t) * C * (1 + 3 * 0.044715 * x * x)
        return grad_y * (0.5 * (1 + t) + 0.5 * x * dt)
# --8<-- [end:function]


x = torch.linspace(-2.0, 2.0, 5, requires_grad=True)
y = GeluTanh.apply(x)
saved = y.grad_fn.saved_tensors
print("backward nodes:", type(y.grad_fn).__name__, "(one)")
print("saved tensors: ", len(saved), "of shape", tuple(saved[0].shape))
y.sum().backward()
x_ref = x.detach().clone().requires_grad_()
torch.nn.functional.gelu(x_ref, approximate="tanh").sum().backward()
print("same gradient as F.gelu:", torch.allclose(x.grad, x_ref.grad, atol=1e-6))
assert len(saved) == 1 and saved[0] is x and torch.allclose(x.grad, x_ref.grad, atol=1e-6)
assert torch.autograd.gradcheck(GeluTanh.apply, (torch.linspace(-2, 2, 5, dtype=torch.float64, requires_grad=True),))
