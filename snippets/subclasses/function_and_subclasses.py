"""autograd.Function and subclasses: outputs keep the subclass; a saved output comes back as a plain Tensor."""
import torch


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
# --8<-- [end:apply]

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
