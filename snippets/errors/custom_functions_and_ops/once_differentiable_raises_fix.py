"""A backward written in PyTorch ops needs no decorator: the second derivative comes out right."""
import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):              # no @once_differentiable
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


x = torch.tensor(2.0, requires_grad=True)
loss = Cube.apply(x).sin()
(g,) = torch.autograd.grad(loss, x, create_graph=True)
(gg,) = torch.autograd.grad(g, x)

u = x.detach()
expected = 6 * u * torch.cos(u**3) - 9 * u**4 * torch.sin(u**3)   # d2/dx2 of sin(x^3)
print(f"second derivative: {gg:.4f}   analytic: {expected:.4f}")
assert torch.allclose(gg, expected)
