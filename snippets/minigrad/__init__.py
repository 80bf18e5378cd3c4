"""minigrad: a small reverse-mode autograd engine on NumPy arrays, built to be read.

A [`Tensor`][minigrad.Tensor] records the operation that made it as a backward node
(`grad_fn`); [`Tensor.backward`][minigrad.Tensor.backward] runs those nodes in dependency
order, each exactly once, summing the gradients that reach a node along several paths before it
runs, and freeing what each node saved unless `retain_graph=True`. Leaves, `requires_grad`,
`no_grad`, gradient accumulation and the error messages follow PyTorch.

Examples:
    >>> import minigrad
    >>> x = minigrad.Tensor([1.0, 2.0, 3.0], requires_grad=True)
    >>> y = (x * x + 3 * x).sum()     # dy/dx = 2x + 3
    >>> y.backward()
    >>> x.grad
    array([5., 7., 9.])
"""

from minigrad.engine import (
    AccumulateGrad,
    Node,
    backward,
    count_dependencies,
    is_grad_enabled,
    no_grad,
    record_schedule,
    sum_to,
)
from minigrad.tensor import Tensor, as_tensor

__all__ = [
    "AccumulateGrad",
    "Node",
    "Tensor",
    "as_tensor",
    "backward",
    "count_dependencies",
    "is_grad_enabled",
    "no_grad",
    "record_schedule",
    "sum_to",
]
