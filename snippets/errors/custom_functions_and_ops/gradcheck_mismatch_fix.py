"""Save the output and use 1 - y**2: gradcheck passes in float64 with its default tolerances."""
import torch
from torch.autograd import gradcheck


class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.tanh(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output)

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * (1 - y**2)


x = torch.tensor([0.3, -0.2, 0.4], dtype=torch.float64, requires_grad=True)
ok = gradcheck(Tanh.apply, (x,))
print("float64 gradcheck, default tolerances:", ok)
assert ok
