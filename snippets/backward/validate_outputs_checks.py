"""Every gradient a node returns is checked against its input's metadata: a wrong dtype is cast, a shape the input broadcasts to is summed down, any other shape raises."""
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
assert x.grad.dtype == torch.float32

x.grad = None
bigger = function_returning(lambda g: torch.ones(3, 2))   # (2,) broadcasts to (3, 2)
bigger.apply(x).sum().backward()
print("backward returned shape (3, 2) -> x.grad:", x.grad)
assert torch.equal(x.grad, torch.tensor([3.0, 3.0]))

smaller = function_returning(lambda g: torch.ones(1))     # (2,) does not broadcast to (1,)
try:
    smaller.apply(x).sum().backward()
except RuntimeError as error:
    print("backward returned shape (1,) ->", error)
else:
    raise AssertionError("a gradient of shape (1,) for an input of shape (2,) was accepted")
# --8<-- [end:checks]
