"""Derive the formula instead of fitting the shape: the gradient of x @ w.t() for w is grad_output.t() @ x."""
import torch


class Linear(torch.autograd.Function):
    @staticmethod
    def forward(x, w):
        return x @ w.t()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        return grad_output @ w, grad_output.t() @ x   # (2, 4) @ (4, 3) = (2, 3)


torch.manual_seed(0)
x = torch.randn(4, 3, dtype=torch.float64)
w = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
upstream = torch.randn(4, 2, dtype=torch.float64)

(Linear.apply(x, w) * upstream).sum().backward()
(reference,) = torch.autograd.grad((x @ w.t() * upstream).sum(), w)
print("w.grad matches built-in autograd:", torch.allclose(w.grad, reference))
ok = torch.autograd.gradcheck(Linear.apply, (x.requires_grad_(), w))
print("gradcheck:", ok)
assert torch.allclose(w.grad, reference) and ok
