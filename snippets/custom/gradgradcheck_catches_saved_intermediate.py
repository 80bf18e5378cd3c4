# snippet: raises=GradcheckError
"""gradcheck passes, gradgradcheck fails: backward uses an intermediate that forward computed."""
import torch
from torch.autograd import gradcheck, gradgradcheck


# --8<-- [start:function]
class ExpSquared(torch.autograd.Function):
    """y = exp(x)**2, so dy/dx = 2 * exp(x)**2."""

    @staticmethod
    def forward(ctx, x):                      # old style: forward can see its intermediates
        e = x.exp()                           # neither an input nor an output
        ctx.save_for_backward(e)
        return e * e

    @staticmethod
    def backward(ctx, grad_y):
        (e,) = ctx.saved_tensors              # e has no history: forward ran without recording
        return grad_y * 2 * e * e
# --8<-- [end:function]


torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)
print("gradcheck:", gradcheck(ExpSquared.apply, (x,)))
gradgradcheck(ExpSquared.apply, (x,))         # raises
