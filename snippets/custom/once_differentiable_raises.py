# snippet: raises=RuntimeError
"""@once_differentiable: double backward through the Function raises instead of being silently wrong."""
import torch
from torch.autograd.function import once_differentiable


# --8<-- [start:function]
class CubeOnce(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    @once_differentiable                          # backward runs under no_grad
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2
# --8<-- [end:function]


# --8<-- [start:use]
x = torch.tensor(2.0, requires_grad=True)
loss = CubeOnce.apply(x).sin()                    # the Function sits inside the graph
(g,) = torch.autograd.grad(loss, x, create_graph=True)
print("first derivative:", g, " grad_fn:", type(g.grad_fn).__name__)
g.backward()                                      # second derivative: raises
# --8<-- [end:use]
