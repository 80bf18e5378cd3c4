"""The 2.0+ style: forward without ctx, plus setup_context. It works with backward() and torch.func."""
import torch
from torch.func import grad


# --8<-- [start:function]
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):                               # no ctx: just compute
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):       # runs right after forward
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):               # one gradient per forward input
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2
# --8<-- [end:function]


x = torch.tensor(3.0, requires_grad=True)
Cube.apply(x).backward()
print("x.grad after backward():      ", x.grad)

# --8<-- [start:func]
first = grad(Cube.apply)(torch.tensor(3.0))
second = grad(grad(Cube.apply))(torch.tensor(3.0))
# --8<-- [end:func]
print("torch.func.grad:              ", first)
print("grad(grad(...)):              ", second)
assert x.grad == 27 and first == 27 and second == 18
