# snippet: raises=GradcheckError
"""A backward that forgets grad_output passes the usual .sum().backward() test; gradcheck catches it."""
import torch
from torch.autograd import gradcheck


# --8<-- [start:function]
class CubeBuggy(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return 3 * x**2                       # bug: should be grad_output * 3 * x**2
# --8<-- [end:function]


torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)

# --8<-- [start:check]
CubeBuggy.apply(x).sum().backward()           # grad_output is all ones here, so the bug hides
print("after .sum().backward():", x.grad)
print("expected 3x^2:          ", 3 * x.detach() ** 2)
assert torch.allclose(x.grad, 3 * x.detach() ** 2)

gradcheck(CubeBuggy.apply, (x,))              # one-hot grad_outputs expose it
# --8<-- [end:check]
