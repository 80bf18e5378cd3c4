"""A torch.library custom op with register_autograd under torch.func (torch 2.13): grad refuses it, vmap works, jvp gives a zero tangent silently."""
import warnings

import torch
import torch.autograd.forward_ad as fwAD
from torch.func import grad, jvp, vmap


@torch.library.custom_op("fieldguide::my_sin", mutates_args=())
def my_sin(x: torch.Tensor) -> torch.Tensor:
    return x.sin()


@my_sin.register_fake
def _(x):
    return torch.empty_like(x)


def setup_context(ctx, inputs, output):
    (x,) = inputs
    ctx.save_for_backward(x)


def backward(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * x.cos()


torch.library.register_autograd("fieldguide::my_sin", backward, setup_context=setup_context)
torch.manual_seed(0)
x = torch.randn(3)

# --8<-- [start:op]
eager_x = x.clone().requires_grad_()
my_sin(eager_x).sum().backward()
print("eager backward through the op: equals cos x:", torch.allclose(eager_x.grad, x.cos()))
try:
    grad(lambda v: my_sin(v).sum())(x)
except RuntimeError as error:
    print("torch.func.grad: RuntimeError:", str(error).split(". ")[0])
# --8<-- [end:op]

# --8<-- [start:forward]
# vmap runs the op row by row through its fallback, which would log a performance warning
torch._C._functorch._set_vmap_fallback_warning_enabled(False)
batch = torch.randn(4, 3)
print("vmap over the op: equals sin:", torch.allclose(vmap(my_sin)(batch), batch.sin()))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    _, tangent = jvp(my_sin, (x,), (torch.ones(3),))
    with fwAD.dual_level():
        dual_tangent = fwAD.unpack_dual(my_sin(fwAD.make_dual(x, torch.ones(3)))).tangent
autograd_warnings = [w for w in caught if "torch.jit.script" not in str(w.message)]  # not lazy imports
print("torch.func.jvp tangent:", tangent.tolist(), "  cos x:", [round(v, 4) for v in x.cos().tolist()])
print("forward_ad tangent:", dual_tangent, "  warnings about it:", len(autograd_warnings))
# --8<-- [end:forward]
assert torch.equal(tangent, torch.zeros(3)) and dual_tangent is None and not autograd_warnings


# --8<-- [start:function]
class MySin(torch.autograd.Function):             # the same rule as an autograd.Function
    @staticmethod
    def forward(x):
        return x.sin()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * x.cos()


print("torch.func.grad through an autograd.Function with setup_context: equals cos x:",
      torch.allclose(grad(lambda v: MySin.apply(v).sum())(x), x.cos()))
# --8<-- [end:function]
