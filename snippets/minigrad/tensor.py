"""The forward half of minigrad: a `Tensor` that records how it was made.

Every operation computes its result with NumPy and, if grad mode is on and any input requires
grad, attaches a backward [`Node`][minigrad.Node] to the result as its `grad_fn`. Each
operation below passes its derivative rule (a `lambda` of the output's gradient and the saved
arrays) right beside its forward computation, much as PyTorch pairs every operator with its
formulas in `tools/autograd/derivatives.yaml`. Rules may return gradients of the broadcast
shape; the engine sums them back to each input's shape, as torch's engine does.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from minigrad.engine import AccumulateGrad, Node, backward, is_grad_enabled

Axis = int | tuple[int, ...] | None


def _matmul_vjp(grad: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """Gradients of `a @ b`: `grad @ b.T` and `a.T @ grad`, a vector acting as a 1-row
    (`a`) or 1-column (`b`) matrix whose added axis is removed again."""
    a2 = a if a.ndim > 1 else a[None, :]
    b2 = b if b.ndim > 1 else b[:, None]
    batch = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    grad2 = grad.reshape(batch + (a2.shape[-2], b2.shape[-1]))
    grad_a = grad2 @ np.swapaxes(b2, -1, -2)
    grad_b = np.swapaxes(a2, -1, -2) @ grad2
    if a.ndim == 1:
        grad_a = grad_a.sum(axis=tuple(range(grad_a.ndim - 2))).reshape(a.shape)
    if b.ndim == 1:
        grad_b = grad_b.sum(axis=tuple(range(grad_b.ndim - 2))).reshape(b.shape)
    return grad_a, grad_b


def _spread(grad: np.ndarray, shape: tuple[int, ...], axes: tuple[int, ...] | None,
            keepdims: bool) -> np.ndarray:
    """Gradient of a sum: copy `grad` back along the summed axes, to the input's `shape`."""
    if axes is not None and not keepdims:
        grad = np.expand_dims(grad, axes)  # the summed axes come back with size 1 ...
    return np.broadcast_to(grad, shape)  # ... and broadcasting copies along them


def _scatter(grad: np.ndarray, shape: tuple[int, ...], index: Any) -> np.ndarray:
    """Gradient of `a[index]`: zeros of `a`'s shape, with `grad` added at `index`."""
    full = np.zeros(shape)
    np.add.at(full, index, grad)  # unlike `full[index] += grad`, repeated indices all count
    return full


class Tensor:
    """An n-dimensional float64 array that remembers the operation that made it.

    Args:
        data: Anything `np.asarray` accepts; stored as a float64 array.
        requires_grad: Whether gradients should flow into this tensor. You set it on leaves;
            an operation's result requires grad if any of its inputs does (in grad mode).

    Attributes:
        data: The values, a NumPy array.
        grad: The accumulated gradient, filled by `backward()` only on leaves that require
            grad; None until then. Each backward adds to it.
        requires_grad: Whether this tensor takes part in differentiation.
        grad_fn: The backward node of the operation that made this tensor; None on leaves.

    Python scalars mix with tensors on either side (`2 * x`, `x / 3`, `1 - x`), and shapes
    broadcast as in NumPy.
    """

    __array_ufunc__ = None  # `ndarray @ Tensor` etc. defer to the Tensor's reflected operators

    def __init__(self, data: Any, requires_grad: bool = False) -> None:
        self.data: np.ndarray = np.asarray(data, dtype=np.float64)
        self.grad: np.ndarray | None = None
        self.requires_grad = requires_grad
        self.grad_fn: Node | None = None
        self._accumulator: weakref.ref[AccumulateGrad] | None = None

    @property
    def is_leaf(self) -> bool:
        """True for tensors not made by a recorded operation: exactly those with no `grad_fn`."""
        return self.grad_fn is None

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of `data`."""
        return self.data.shape

    def item(self) -> float:
        """The value of a one-element tensor as a Python float."""
        return float(self.data.item())

    def detach(self) -> Tensor:
        """A new leaf sharing this tensor's data, cut off from the graph."""
        return Tensor(self.data)

    def gradient_edge(self) -> Node | None:
        """The node a gradient for this tensor is sent to, or None if it needs none.

        That is `grad_fn` for a result, and the leaf's `AccumulateGrad` node for a leaf that
        requires grad: made on first use and shared by every graph that uses the leaf (the
        leaf holds it weakly; the graphs' edges keep it alive).
        """
        if self.grad_fn is not None or not self.requires_grad:
            return self.grad_fn
        node = self._accumulator() if self._accumulator else None
        if node is None:
            node = AccumulateGrad(self)
            self._accumulator = weakref.ref(node)
        return node

    def backward(self, gradient: Any = None, retain_graph: bool = False) -> None:
        """Accumulate `gradient`-weighted derivatives of this tensor into the leaves' `.grad`.

        See [`minigrad.backward`][minigrad.backward].
        """
        backward(self, None if gradient is None else np.asarray(gradient), retain_graph)

    def __repr__(self) -> str:
        body = np.array2string(self.data, separator=", ", precision=4)
        if self.grad_fn is not None:
            return f"tensor({body}, grad_fn=<{self.grad_fn.name()}>)"
        return f"tensor({body}{', requires_grad=True' if self.requires_grad else ''})"

    @staticmethod
    def _make(data: np.ndarray, inputs: tuple[Tensor, ...], name: str, vjp: Any,
              saved: tuple[np.ndarray, ...] = ()) -> Tensor:
        """Wrap an operation's result; record a node only if grad mode is on and any input
        requires grad (the result then requires grad too)."""
        out = Tensor(data)
        if is_grad_enabled() and any(t.requires_grad for t in inputs):
            out.requires_grad, out.grad_fn = True, Node(name, inputs, vjp, saved)
        return out

    # -- elementwise arithmetic (NumPy broadcasting) ---------------------------------------
    # --8<-- [start:rules]
    def __add__(self, other: Any) -> Tensor:
        b = as_tensor(other)
        return Tensor._make(self.data + b.data, (self, b), "AddBackward",
                            lambda g: (g, g))

    def __sub__(self, other: Any) -> Tensor:
        b = as_tensor(other)
        return Tensor._make(self.data - b.data, (self, b), "SubBackward",
                            lambda g: (g, -g))

    def __mul__(self, other: Any) -> Tensor:
        b = as_tensor(other)
        return Tensor._make(self.data * b.data, (self, b), "MulBackward",
                            lambda g, a, b: (g * b, g * a),
                            saved=(self.data, b.data))

    def __truediv__(self, other: Any) -> Tensor:
        b = as_tensor(other)
        return Tensor._make(self.data / b.data, (self, b), "DivBackward",
                            lambda g, a, b: (g / b, -g * a / (b * b)),
                            saved=(self.data, b.data))

    # --8<-- [end:rules]
    def __pow__(self, other: Any) -> Tensor:
        b = as_tensor(other)
        with np.errstate(divide="ignore", invalid="ignore"):  # 0 ** -1 is inf, as in torch
            out = self.data**b.data
        wants_b = b.requires_grad  # log(a) only if b needs a gradient

        def vjp(g: np.ndarray, a: np.ndarray, b: np.ndarray, out: np.ndarray) -> Any:
            # torch's conventions at the edges (pow_backward_self, pow_backward_exponent in
            # FunctionsManual.cpp): no gradient for a when b == 0, none for b when a == 0 <= b
            with np.errstate(divide="ignore", invalid="ignore"):
                da = np.where(b == 0, 0.0, g * b * a ** (b - 1))
                db = np.where((a == 0) & (b >= 0), 0.0, g * out * np.log(a)) if wants_b else None
            return da, db

        return Tensor._make(out, (self, b), "PowBackward", vjp, saved=(self.data, b.data, out))

    def __neg__(self) -> Tensor:
        return Tensor._make(-self.data, (self,), "NegBackward", lambda g: (-g,))

    def __matmul__(self, other: Any) -> Tensor:
        b = as_tensor(other)
        return Tensor._make(self.data @ b.data, (self, b), "MatMulBackward", _matmul_vjp,
                            saved=(self.data, b.data))

    def __radd__(self, other: Any) -> Tensor:
        return as_tensor(other) + self

    def __rsub__(self, other: Any) -> Tensor:
        return as_tensor(other) - self

    def __rmul__(self, other: Any) -> Tensor:
        return as_tensor(other) * self

    def __rtruediv__(self, other: Any) -> Tensor:
        return as_tensor(other) / self

    def __rpow__(self, other: Any) -> Tensor:
        return as_tensor(other) ** self

    def __rmatmul__(self, other: Any) -> Tensor:
        return as_tensor(other) @ self

    # -- reductions and shape (no arrays saved: shapes and indices are kept in the rule) ---
    def sum(self, axis: Axis = None, keepdims: bool = False) -> Tensor:
        """Sum over `axis` (None: every axis), like `np.sum`."""
        axes, shape = _axes(axis, self.data.ndim), self.shape
        return Tensor._make(self.data.sum(axis=axes, keepdims=keepdims), (self,), "SumBackward",
                            lambda g: (_spread(g, shape, axes, keepdims),))

    def mean(self, axis: Axis = None, keepdims: bool = False) -> Tensor:
        """Mean over `axis` (None: every axis), like `np.mean`."""
        axes, shape = _axes(axis, self.data.ndim), self.shape
        out = self.data.mean(axis=axes, keepdims=keepdims)
        count = self.data.size / max(out.size, 1)  # how many values each mean averaged
        return Tensor._make(out, (self,), "MeanBackward",
                            lambda g: (_spread(g, shape, axes, keepdims) / count,))

    def reshape(self, *shape: int) -> Tensor:
        """The same values in a new shape (`-1` infers one dimension)."""
        old = self.shape
        return Tensor._make(self.data.reshape(*shape), (self,), "ReshapeBackward",
                            lambda g: (g.reshape(old),))

    def transpose(self, *axes: int) -> Tensor:
        """Permute the axes (no arguments: reverse them), like `np.transpose`."""
        order = axes or tuple(reversed(range(self.data.ndim)))
        return Tensor._make(self.data.transpose(order), (self,), "TransposeBackward",
                            lambda g: (g.transpose(np.argsort(order)),))

    @property
    def T(self) -> Tensor:
        """The transpose: the axes reversed."""
        return self.transpose()

    def __getitem__(self, index: Any) -> Tensor:
        """Index with ints, slices and integer arrays, as NumPy does."""
        shape = self.shape
        return Tensor._make(self.data[index], (self,), "IndexBackward",
                            lambda g: (_scatter(g, shape, index),))

    # -- elementwise functions: rules written with the saved input `a` or result `out` ------
    def exp(self) -> Tensor:
        """Elementwise `e**x`. Its rule, `grad * out`, uses the saved result."""
        out = np.exp(self.data)
        return Tensor._make(out, (self,), "ExpBackward", lambda g, out: (g * out,), (out,))

    def log(self) -> Tensor:
        """Elementwise natural logarithm. Its rule, `grad / a`, uses the saved input."""
        return Tensor._make(np.log(self.data), (self,), "LogBackward",
                            lambda g, a: (g / a,), (self.data,))

    def tanh(self) -> Tensor:
        """Elementwise `tanh`. Its rule, `grad * (1 - out**2)`, uses the saved result."""
        out = np.tanh(self.data)
        return Tensor._make(out, (self,), "TanhBackward",
                            lambda g, out: (g * (1 - out * out),), (out,))

    def relu(self) -> Tensor:
        """Elementwise `max(x, 0)`. Its rule passes `grad` where the result is positive."""
        out = np.maximum(self.data, 0.0)  # so the gradient at 0 is 0, as in torch
        return Tensor._make(out, (self,), "ReluBackward", lambda g, out: (g * (out > 0),), (out,))

    def sigmoid(self) -> Tensor:
        """Elementwise `1 / (1 + e**-x)`. Its rule, `grad * out * (1 - out)`, uses the result."""
        out = 1.0 / (1.0 + np.exp(-self.data))
        return Tensor._make(out, (self,), "SigmoidBackward",
                            lambda g, out: (g * out * (1 - out),), (out,))


def _axes(axis: Axis, ndim: int) -> tuple[int, ...] | None:
    """Normalise an `axis` argument to a tuple of non-negative axes (None: all axes)."""
    if axis is None:
        return None
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    bound = max(ndim, 1)  # as in torch, a 0-d tensor accepts dimension 0 (or -1)
    for a in axes:
        if not -bound <= a < bound:
            raise IndexError(f"Dimension out of range (expected to be in range of"
                             f" [{-bound}, {bound - 1}], but got {a})")
    return tuple(a % bound for a in axes) if ndim else ()


def as_tensor(value: Any) -> Tensor:
    """Return `value` if it is a Tensor, else wrap it as a constant (a leaf needing no grad)."""
    return value if isinstance(value, Tensor) else Tensor(value)
