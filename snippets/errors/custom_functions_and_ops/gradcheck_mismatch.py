# snippet: raises=GradcheckError
"""A tanh backward that uses the input instead of the output: gradcheck in float64 catches it."""
import torch
from torch.autograd import gradcheck


class TanhBuggy(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.tanh(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * (1 - x**2)           # should be 1 - tanh(x)**2


x = torch.tensor([0.3, -0.2, 0.4], dtype=torch.float64, requires_grad=True)
gradcheck(TanhBuggy.apply, (x,))
