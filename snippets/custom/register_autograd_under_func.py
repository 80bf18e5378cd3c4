"""A torch.library custom op with register_autograd: eager backward works, torch.func.grad refuses it (torch 2.13)."""
import torch
from torch.func import grad


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
