"""Every gradient a node returns is checked against its input's metadata: a wrong shape raises, a wrong dtype is cast."""
import torch


def function_returning(make_grad):
    class Identity(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t.clone()

        @staticmethod
        def backward(ctx, grad):
            return make_grad(grad)

    return Identity


x = torch.tensor([1.0, 2.0], requires_grad=True)     # float32, shape (2,)

# --8<-- [start:checks]
as_double = function_returning(lambda g: g.double())
as_double.apply(x).sum().backward()
print("backward returned float64 -> x.grad.dtype:", x.grad.dtype)

wrong_shape = function_returning(lambda g: torch.ones(3))
try:
    wrong_shape.apply(x).sum().backward()
except RuntimeError as error:
    print("backward returned shape (3,) ->", error)
# --8<-- [end:checks]
assert x.grad.dtype == torch.float32
