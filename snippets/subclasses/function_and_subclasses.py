"""autograd.Function and subclasses: outputs keep the subclass; a saved output of a __torch_function__ subclass comes back as a plain Tensor."""
import torch
from torch.utils._pytree import tree_map


class Tagged(torch.Tensor):
    """A subclass with a Python attribute, `tag`."""


# --8<-- [start:apply]
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


a = torch.randn(3).as_subclass(Tagged)
print("Double.apply(a), a without grad:", type(Double.apply(a)).__name__)
print("Double.apply(a), a requires grad:", type(Double.apply(a.requires_grad_())).__name__)


class Identity(torch.autograd.Function):             # returns its input, as in the old report
    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, grad):
        return grad


print("Identity.apply(a), a requires grad:", type(Identity.apply(a)).__name__)
# --8<-- [end:apply]
assert type(Identity.apply(a)) is Tagged

seen = {}


# --8<-- [start:saved]
class SaveBoth(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        out = (a * 2).as_subclass(Tagged)
        out.tag = "made in forward"
        ctx.save_for_backward(a, out)                # an input and an output
        ctx.out_tag = out.tag                        # metadata kept on ctx itself
        return out

    @staticmethod
    def backward(ctx, grad):
        saved_input, saved_output = ctx.saved_tensors
        seen["input"] = (type(saved_input).__name__, getattr(saved_input, "tag", None))
        seen["output"] = (type(saved_output).__name__, getattr(saved_output, "tag", None))
        seen["ctx"] = ctx.out_tag
        return grad * 2


x = torch.randn(3).as_subclass(Tagged)
x.tag = "input tag"
SaveBoth.apply(x.requires_grad_()).sum().backward()
print("saved input comes back as: ", seen["input"])
print("saved output comes back as:", seen["output"])
print("attribute stored on ctx:   ", seen["ctx"])
# --8<-- [end:saved]
assert seen["input"] == ("Tagged", "input tag") and seen["output"] == ("Tensor", None)


# --8<-- [start:wrapper]
class Wrapper(torch.Tensor):
    """A wrapper subclass: holds `inner` and runs every ATen op on it in __torch_dispatch__."""

    @staticmethod
    def __new__(cls, inner, requires_grad=False):
        return torch.Tensor._make_wrapper_subclass(
            cls, inner.shape, dtype=inner.dtype, device=inner.device, requires_grad=requires_grad)

    def __init__(self, inner, requires_grad=False):
        self.inner = inner

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        unwrap = lambda t: t.inner if isinstance(t, Wrapper) else t       # noqa: E731
        out = func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))
        return tree_map(lambda t: Wrapper(t) if isinstance(t, torch.Tensor) else t, out)


class SaveOutput(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        out = a * 2
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (saved_output,) = ctx.saved_tensors
        seen["wrapper output"] = type(saved_output).__name__
        return grad * 2


SaveOutput.apply(Wrapper(torch.ones(3), requires_grad=True)).sum().backward()
print("saved output of a wrapper subclass comes back as:", seen["wrapper output"])
# --8<-- [end:wrapper]
assert seen["wrapper output"] == "Wrapper"
