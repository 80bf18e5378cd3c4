# snippet: raises=RuntimeError
"""The gradient for w must have w's shape; x.t() @ grad_output has the transposed shape."""
import torch


class Linear(torch.autograd.Function):
    @staticmethod
    def forward(x, w):
        return x @ w.t()                          # x: (4, 3), w: (2, 3), output: (4, 2)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        return grad_output @ w, x.t() @ grad_output   # second one is (3, 2), w is (2, 3)


torch.manual_seed(0)
x = torch.randn(4, 3)
w = torch.randn(2, 3, requires_grad=True)
Linear.apply(x, w).sum().backward()
