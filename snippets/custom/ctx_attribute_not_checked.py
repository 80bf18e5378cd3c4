"""A tensor stored as an attribute on ctx is not version-checked: the same in-place edit goes unnoticed."""
import torch


# --8<-- [start:function]
class SquareAttr(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.x = inputs[0]                      # a plain attribute: no version check

    @staticmethod
    def backward(ctx, grad_output):
        return 2 * ctx.x * grad_output
# --8<-- [end:function]


w = torch.tensor([1.0, 2.0], requires_grad=True)
a = w * 1
y = SquareAttr.apply(a)
a.mul_(10)                   # the same in-place edit as before
y.sum().backward()           # no error ...
print("w.grad:         ", w.grad)
print("correct d/dw:   ", 2 * w.detach())   # y = w**2, computed before the edit
assert torch.equal(w.grad, torch.tensor([20.0, 40.0]))   # ... and 10x too large
