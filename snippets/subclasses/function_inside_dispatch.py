"""An autograd.Function called inside __torch_dispatch__ runs only forward: autograd already happened above."""
import torch
from torch.utils._pytree import tree_map

calls = []


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        calls.append("Scale.forward")
        return t * 2

    @staticmethod
    def backward(ctx, grad):
        calls.append("Scale.backward")
        return grad * 2


class Wrapper(torch.Tensor):
    @staticmethod
    def __new__(cls, inner, requires_grad=False):
        return torch.Tensor._make_wrapper_subclass(
            cls, inner.shape, dtype=inner.dtype, device=inner.device, requires_grad=requires_grad)

    def __init__(self, inner, requires_grad=False):
        self.inner = inner

    # --8<-- [start:dispatch]
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        args = tree_map(lambda t: t.inner if isinstance(t, Wrapper) else t, args)
        if func is torch.ops.aten.sin.default:
            calls.append(f"dispatch sin: input requires grad = {args[0].requires_grad}")
            out = Scale.apply(args[0])                 # a Function, called below autograd
        else:
            out = func(*args, **(kwargs or {}))
        return tree_map(lambda t: Wrapper(t) if isinstance(t, torch.Tensor) else t, out)
    # --8<-- [end:dispatch]


# --8<-- [start:run]
x = Wrapper(torch.ones(2), requires_grad=True)
y = x.sin()                                            # aten.sin, handled by Scale
print("node recorded for y:", type(y.grad_fn).__name__)
y.sum().backward()
print("calls:", calls)
print("x.grad:", [round(g, 4) for g in x.grad.inner.tolist()], "= cos(1): sin's derivative, not Scale's")
# --8<-- [end:run]
assert "Scale.backward" not in calls and abs(x.grad.inner[0].item() - 0.5403) < 1e-4

# --8<-- [start:above]
calls.clear()
x = Wrapper(torch.ones(2), requires_grad=True)
y = Scale.apply(x)                                     # called on the wrapper, above autograd
y.sum().backward()
print("called above autograd: node", type(y.grad_fn).__name__, " calls:", calls)
# --8<-- [end:above]
assert "Scale.backward" in calls
