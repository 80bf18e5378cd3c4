# snippet: raises=RuntimeError
"""Returning fewer gradients than forward had inputs is an error (extra trailing Nones are tolerated)."""
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x, factor):
        return x * factor

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.factor = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.factor           # forgot the None for `factor`


class ScaleExtra(Scale):
    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.factor, None, None   # one None too many: silently dropped


x = torch.ones(2, requires_grad=True)
ScaleExtra.apply(x, 3.0).sum().backward()
print("ScaleExtra (3 values for 2 inputs): x.grad =", x.grad)
assert torch.equal(x.grad, torch.full((2,), 3.0))

Scale.apply(x, 3.0).sum().backward()              # raises
