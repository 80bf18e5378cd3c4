"""Reshaping the wrong gradient to w's shape silences the check and gives w a wrong gradient."""
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
        return grad_output @ w, (x.t() @ grad_output).reshape(w.shape)   # shape fits, values do not


torch.manual_seed(0)
x = torch.randn(4, 3)
w = torch.randn(2, 3, requires_grad=True)
upstream = torch.randn(4, 2)

(Linear.apply(x, w) * upstream).sum().backward()
(reference,) = torch.autograd.grad((x @ w.t() * upstream).sum(), w)
print("no error; w.grad:\n", w.grad)
print("the right gradient:\n", reference)
print("max abs difference:", f"{(w.grad - reference).abs().max():.4f}")
assert w.grad.shape == w.shape and not torch.allclose(w.grad, reference)
