"""Where @once_differentiable does not raise: its backward's contribution is then treated as a constant."""
import torch
from torch.autograd.function import once_differentiable
from torch.func import grad


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):               # differentiable: plain torch ops
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


class CubeOnce(Cube):
    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


# --8<-- [start:silent]
def second_derivative(fn):
    """d2/dx2 of fn(x) + x**2 at x = 2, by calling autograd.grad twice."""
    x = torch.tensor(2.0, requires_grad=True)
    y = fn.apply(x) + x**2                        # the Function's output feeds the loss directly
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    (gg,) = torch.autograd.grad(g, x)
    return gg
# --8<-- [end:silent]


print("exact: d2/dx2 (x**3 + x**2) = 6x + 2 = 14;  d2/dx2 x**3 = 6x = 12")
for fn in (Cube, CubeOnce):
    gg = second_derivative(fn)
    gg_func = grad(grad(fn.apply))(torch.tensor(2.0))
    print(f"{fn.__name__:<9} autograd.grad twice: {gg}   torch.func grad(grad(...)): {gg_func}")
    if fn is Cube:
        assert gg == 14 and gg_func == 12
    else:                                         # no error, wrong numbers
        assert gg == 2 and gg_func == 0
