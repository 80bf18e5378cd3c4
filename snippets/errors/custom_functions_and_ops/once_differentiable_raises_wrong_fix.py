"""Removing @once_differentiable from a backward that leaves PyTorch: no error, a wrong second derivative."""
import torch


class CubeNumpy(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):              # decorator removed to silence the error
        (x,) = ctx.saved_tensors
        slope = torch.as_tensor(3 * x.detach().numpy() ** 2)   # computed outside autograd
        return grad_output * slope


x = torch.tensor(2.0, requires_grad=True)
loss = CubeNumpy.apply(x).sin()
(g,) = torch.autograd.grad(loss, x, create_graph=True)
(gg,) = torch.autograd.grad(g, x)

u = x.detach()
expected = 6 * u * torch.cos(u**3) - 9 * u**4 * torch.sin(u**3)
print(f"first derivative:  {g:.4f}   analytic: {3 * u**2 * torch.cos(u**3):.4f}")
print(f"second derivative: {gg:.4f}   analytic: {expected:.4f}")
assert torch.allclose(g, 3 * u**2 * torch.cos(u**3)) and not torch.allclose(gg, expected)
