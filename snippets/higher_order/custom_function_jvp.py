"""A custom autograd.Function takes part in forward mode only if it defines jvp."""
import torch
import torch.autograd.forward_ad as fwAD


class BackwardOnly(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.exp()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output)

    @staticmethod
    def backward(ctx, grad_out):
        (result,) = ctx.saved_tensors
        return grad_out * result


# --8<-- [start:jvp]
class Exp(BackwardOnly):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output)       # for backward
        ctx.save_for_forward(output)        # for jvp

    @staticmethod
    def jvp(ctx, x_tangent):                # d exp(x) = exp(x) * dx
        (result,) = ctx.saved_tensors
        return result * x_tangent
# --8<-- [end:jvp]


x = torch.tensor([0.0, 1.0])
v = torch.tensor([1.0, 2.0])
with fwAD.dual_level():
    try:
        BackwardOnly.apply(fwAD.make_dual(x, v))
    except NotImplementedError as err:
        message = str(err)
    tangent = fwAD.unpack_dual(Exp.apply(fwAD.make_dual(x, v))).tangent
print("without jvp:", message)
print("with jvp:    tangent =", [round(t, 4) for t in tangent.tolist()], "(= exp(x) * v)")
assert "implement the jvp function" in message
assert torch.allclose(tangent, x.exp() * v)
