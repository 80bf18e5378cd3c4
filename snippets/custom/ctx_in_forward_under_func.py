# snippet: raises=RuntimeError
"""The older style (ctx as forward's first argument) works with backward() but not with torch.func."""
import torch
from torch.func import grad


# --8<-- [start:function]
class CubeOldStyle(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):                 # ctx in forward: the pre-2.0 way, still supported
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2
# --8<-- [end:function]


x = torch.tensor(3.0, requires_grad=True)
CubeOldStyle.apply(x).backward()
print("backward() works: x.grad =", x.grad)
assert x.grad == 27

grad(CubeOldStyle.apply)(torch.tensor(3.0))   # raises
