"""Unused outputs: backward gets zero tensors by default, or None after set_materialize_grads(False)."""
import torch


# --8<-- [start:function]
class TwoOutputs(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 2, x * 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass                                       # default: materialize missing grads as zeros

    @staticmethod
    def backward(ctx, grad_a, grad_b):
        print("  grad_a =", grad_a, "  grad_b =", grad_b)
        grad_x = 0
        if grad_a is not None:
            grad_x = grad_x + 2 * grad_a
        if grad_b is not None:
            grad_x = grad_x + 3 * grad_b
        return grad_x


class TwoOutputsLazy(TwoOutputs):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.set_materialize_grads(False)           # pass None for outputs that got no gradient
# --8<-- [end:function]


x = torch.ones(3, requires_grad=True)
for fn in (TwoOutputs, TwoOutputsLazy):
    print(f"{fn.__name__}: only the first output is used")
    a, b = fn.apply(x)
    a.sum().backward()
    assert torch.equal(x.grad, torch.full((3,), 2.0))
    x.grad = None
