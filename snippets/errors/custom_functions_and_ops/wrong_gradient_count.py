# snippet: raises=RuntimeError
"""backward must return one value per forward input; this one returns one value for two inputs."""
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x, w):
        return x * w

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        return grad_output * w                    # nothing for the second input, w


x = torch.tensor([1.0, 2.0])
w = torch.tensor([3.0, 4.0], requires_grad=True)
Scale.apply(x, w).sum().backward()
