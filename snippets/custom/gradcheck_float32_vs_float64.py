"""gradcheck compares backward with finite differences; in float32 the differences are too coarse."""
import warnings

import torch
from torch.autograd import gradcheck, gradgradcheck


class Cube(torch.autograd.Function):          # a correct Function
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


torch.manual_seed(0)
x32 = torch.randn(4, requires_grad=True)
x64 = x32.detach().double().requires_grad_()

# --8<-- [start:check]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ok32 = gradcheck(Cube.apply, (x32,), raise_exception=False)
print("float32 gradcheck:", ok32)
for warning in caught:
    print("  warning:", str(warning.message).strip())

ok64 = gradcheck(Cube.apply, (x64,))
okgg = gradgradcheck(Cube.apply, (x64,))
print("float64 gradcheck:", ok64, "  gradgradcheck:", okgg)
# --8<-- [end:check]
assert not ok32 and ok64 and okgg and len(caught) == 1
