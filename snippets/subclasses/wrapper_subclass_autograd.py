"""A wrapper subclass: autograd works on the wrapper, above __torch_dispatch__; the inner tensor's history is invisible."""
import torch
from torch.utils._pytree import tree_map


class Wrapper(torch.Tensor):
    """Holds an ordinary tensor, `inner`, and runs every ATen op on it."""

    @staticmethod
    def __new__(cls, inner, requires_grad=False):
        return torch.Tensor._make_wrapper_subclass(
            cls, inner.shape, dtype=inner.dtype, device=inner.device, requires_grad=requires_grad)

    def __init__(self, inner, requires_grad=False):
        self.inner = inner

    ops = []

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        cls.ops.append(func.overloadpacket.__name__)
        unwrap = lambda t: t.inner if isinstance(t, Wrapper) else t       # noqa: E731
        out = func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))
        return tree_map(lambda t: Wrapper(t) if isinstance(t, torch.Tensor) else t, out)


torch.manual_seed(0)
# --8<-- [start:which]
on_wrapper = Wrapper(torch.randn(3), requires_grad=True)
on_inner = Wrapper(torch.randn(3, requires_grad=True))
print("wrapper requires grad: exp() ->", type(on_wrapper.exp().grad_fn).__name__)
print("only inner requires grad: exp() -> requires_grad", on_inner.exp().requires_grad)
# --8<-- [end:which]
assert on_inner.exp().grad_fn is None

# --8<-- [start:ops]
Wrapper.ops.clear()
y = on_wrapper.exp()
forward_ops = list(Wrapper.ops)
loss = y.sum()
Wrapper.ops.clear()                                   # only what backward runs from here
loss.backward()
print("__torch_dispatch__ saw in forward:", forward_ops)
print("and in backward:", Wrapper.ops)
print("on_wrapper.grad is a", type(on_wrapper.grad).__name__)
# --8<-- [end:ops]
assert Wrapper.ops == ["ones_like", "expand", "detach", "mul", "detach"]

# --8<-- [start:history]
a = torch.randn(3, requires_grad=True)
h = a * 2                                             # has history: MulBackward0
direct = Wrapper(h, requires_grad=True)               # a new leaf: the history is not carried


class ToWrapper(torch.autograd.Function):             # a differentiable constructor
    @staticmethod
    def forward(ctx, t):
        return Wrapper(t.detach())

    @staticmethod
    def backward(ctx, grad):
        return grad.inner if isinstance(grad, Wrapper) else grad


wrapped = ToWrapper.apply(h)
(wrapped * 3).sum().backward()
print("Wrapper(h): is_leaf", direct.is_leaf, " grad_fn", direct.grad_fn)
print("ToWrapper.apply(h): grad_fn", type(wrapped.grad_fn).__name__, " a.grad", a.grad.tolist())
# --8<-- [end:history]
assert direct.is_leaf and a.grad.tolist() == [6.0, 6.0, 6.0]
