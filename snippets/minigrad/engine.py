"""The backward half of minigrad: graph nodes, grad mode and the scheduler that runs them.

A forward operation that needs a gradient leaves behind one **node**: an object that knows how
to turn the gradient of its output into gradients of its inputs (a vector-Jacobian product), the
arrays it saved for that, and an edge to the node of each input. Calling
[`backward`][minigrad.backward] walks those edges from the output and runs every node
once, in an order that respects the dependencies, the way PyTorch's C++ engine does
(`torch/csrc/autograd/engine.cpp`):

1. count, for every node reachable from the output, how many edges point at it;
2. give every node an input buffer in which the gradients arriving along those edges are summed;
3. when a node's count reaches zero, all its gradient has arrived: put it on a ready queue;
4. pop the ready node with the highest sequence number, run it, and free what it saved.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from minigrad.tensor import Tensor

FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after"
    " they have already been freed). Saved intermediate values of the graph are freed when you"
    " call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward"
    " through the graph a second time or if you need to access saved tensors after calling"
    " backward."
)
_sequence = itertools.count()  # every node gets the next number: later nodes, larger numbers
_grad_enabled = True
_recorders: list[list[Node]] = []


def is_grad_enabled() -> bool:
    """Whether operations record nodes right now (False inside [`no_grad`][minigrad.no_grad])."""
    return _grad_enabled


@contextmanager
def no_grad() -> Iterator[None]:
    """Run a block without recording: results get no `grad_fn` and do not require grad.

    Examples:
        >>> import minigrad
        >>> x = minigrad.Tensor([1.0, 2.0], requires_grad=True)
        >>> with minigrad.no_grad():
        ...     y = x * 2
        >>> y.requires_grad, y.grad_fn
        (False, None)
    """
    global _grad_enabled
    previous, _grad_enabled = _grad_enabled, False
    try:
        yield
    finally:
        _grad_enabled = previous


@contextmanager
def record_schedule() -> Iterator[list[Node]]:
    """Collect, in order, every node that [`backward`][minigrad.backward] runs.

    An instrument for teaching and testing: the list shows the schedule, and a node that ran
    twice would appear twice.

    Examples:
        >>> import minigrad
        >>> x = minigrad.Tensor([1.0, 2.0], requires_grad=True)
        >>> loss = (x * x).sum()
        >>> with minigrad.record_schedule() as ran:
        ...     loss.backward()
        >>> [node.name() for node in ran]
        ['SumBackward', 'MulBackward', 'AccumulateGrad']
    """
    ran: list[Node] = []
    _recorders.append(ran)
    try:
        yield ran
    finally:
        _recorders.remove(ran)


class Node:
    """A backward node: the record one forward operation leaves for the backward pass.

    Args:
        name: The node's type name, e.g. `"MulBackward"` (torch's are `"MulBackward0"`, ...).
        inputs: The forward inputs; the node keeps only their edges and shapes, not them.
        vjp: The derivative rule: `vjp(grad, *saved)` returns one gradient per input (or None
            for an input that needs none), given the gradient of the output.
        saved: The arrays `vjp` needs (the node's *saved tensors*), freed after backward.
        sequence_nr: Its priority; by default the next number of a global counter.

    Attributes:
        next_functions: One entry per forward input: the node that receives that input's
            gradient (its `grad_fn`, or the `AccumulateGrad` node of a leaf), or None when the
            input needs no gradient (a constant). These are the graph's edges.
        input_shapes: The shape of each forward input. A rule may return a gradient of the
            broadcast shape; the engine sums it down to this shape.
        sequence_nr: Creation order. Among ready nodes the engine runs the highest first, so a
            node made later in the forward pass runs earlier in the backward pass.
    """

    def __init__(
        self,
        name: str,
        inputs: tuple[Tensor, ...],
        vjp: Callable[..., tuple[np.ndarray | None, ...]],
        saved: tuple[np.ndarray, ...] = (),
        sequence_nr: int | None = None,
    ) -> None:
        self._name, self._vjp = name, vjp
        self._saved: tuple[np.ndarray, ...] | None = saved
        self.next_functions: tuple[Node | None, ...] = tuple(t.gradient_edge() for t in inputs)
        self.input_shapes: tuple[tuple[int, ...], ...] = tuple(t.shape for t in inputs)
        self.sequence_nr: int = next(_sequence) if sequence_nr is None else sequence_nr

    def name(self) -> str:
        """The node's type name, such as `'MulBackward'`."""
        return self._name

    @property
    def saved(self) -> tuple[np.ndarray, ...]:
        """The saved arrays.

        Raises:
            RuntimeError: if a backward without `retain_graph=True` already freed them, with
                the message torch gives for the same mistake.
        """
        if self._saved is None:
            raise RuntimeError(FREED_MESSAGE)
        return self._saved

    def release(self) -> None:
        """Drop the saved arrays. A node that saved none stays runnable, as in torch."""
        if self._saved:
            self._saved = None

    def backward(self, grad: np.ndarray) -> tuple[np.ndarray | None, ...]:
        """Apply the derivative rule to the gradient of the output (a vector-Jacobian product)."""
        return self._vjp(grad, *self.saved)

    def __repr__(self) -> str:
        return f"<{self._name}>"


class AccumulateGrad(Node):
    """The node of a leaf that requires grad: it adds the gradient it receives into `.grad`.

    As in torch, its sequence number is the largest possible (2**64 - 1), so a leaf's gradient
    is stored as soon as it is complete. The first gradient is copied into `.grad`; later ones
    are added to that array in place, so code holding `x.grad` sees the sum (torch does the same
    outside `create_graph`). The leaf keeps only a weak reference to this node; the edges of the
    graph keep it alive.
    """

    def __init__(self, variable: Tensor) -> None:
        super().__init__("AccumulateGrad", (), self._accumulate, sequence_nr=2**64 - 1)
        self.variable = variable  # no inputs and so no edges: the graph ends here

    def _accumulate(self, grad: np.ndarray) -> tuple[()]:
        leaf = self.variable
        if leaf.grad is None:
            leaf.grad = grad.copy()
        else:
            leaf.grad += grad
        return ()


def sum_to(grad: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Undo broadcasting: sum `grad` over the axes that broadcasting added or stretched.

    An input of shape `(3,)` added to one of shape `(2, 3)` was used by every row, so its
    gradient is the sum of the rows' gradients: `sum_to(ones((2, 3)), (3,))` is `[2., 2., 2.]`.

    Raises:
        RuntimeError: if `grad` could not have come from broadcasting an input of `shape`
            (a rule returned a gradient of the wrong shape), as torch's engine checks too.
    """
    given = grad.shape
    if grad.ndim >= len(shape):
        grad = grad.sum(axis=tuple(range(grad.ndim - len(shape))))  # axes broadcasting prepended
        stretched = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
        grad = grad.sum(axis=stretched, keepdims=True) if stretched else grad
    if grad.shape != shape:
        raise RuntimeError(f"invalid gradient - got {list(given)} but expected shape"
                           f" compatible with {list(shape)}")
    return grad


def count_dependencies(root: Node) -> dict[Node, int]:
    """For every node reachable from `root`, how many edges point at it.

    That is how many gradients it must receive before it may run: `x * x` has two edges to
    `x`'s `AccumulateGrad`, so that node waits for two. The root starts at zero.
    """
    counts = {root: 0}
    stack = [root]
    while stack:
        for child in stack.pop().next_functions:
            if child is None:
                continue
            if child not in counts:
                counts[child] = 0
                stack.append(child)
            counts[child] += 1
    return counts


def backward(
    tensor: Tensor, gradient: np.ndarray | None = None, retain_graph: bool = False
) -> None:
    """Run the graph behind `tensor` and accumulate gradients into the leaves' `.grad`.

    Args:
        tensor: The output to differentiate. If it holds one element, `gradient` defaults to 1.
        gradient: The vector `v` of the vector-Jacobian product `v^T J`; same shape as `tensor`.
        retain_graph: Keep every node's saved arrays so that the graph can be run again.

    Raises:
        RuntimeError: if `tensor` does not require grad, if `gradient` is missing for an output
            with more than one element, or if a node needs arrays an earlier backward freed.
    """
    if not tensor.requires_grad:
        raise RuntimeError("element 0 of tensors does not require grad and does not have a grad_fn")
    if gradient is None:
        if tensor.data.size != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        gradient = np.ones_like(tensor.data)
    gradient = np.asarray(gradient, dtype=np.float64)
    if gradient.shape != tensor.shape:
        raise RuntimeError(f"Mismatch in shape: gradient {gradient.shape}, output {tensor.shape}")
    # --8<-- [start:loop]
    root = tensor.gradient_edge()
    assert root is not None  # it requires grad: it has a grad_fn or is a leaf
    pending = count_dependencies(root)
    buffers: dict[Node, np.ndarray] = {root: gradient}  # one per waiting node
    arrival = itertools.count()  # ties between equal priorities: first come first
    ready = [(-root.sequence_nr, next(arrival), root)]  # max-heap on sequence_nr
    while ready:
        node = heapq.heappop(ready)[2]
        grad = buffers.pop(node, None)  # all of this node's gradient, summed
        for recorder in _recorders:
            recorder.append(node)
        # no gradient arrived (every rule upstream returned None): pass None on, as torch does
        grads_in = node.backward(grad) if grad is not None else (None,) * len(node.next_functions)
        if not retain_graph:
            node.release()
        edges = zip(node.next_functions, grads_in, node.input_shapes, strict=True)
        for child, child_grad, shape in edges:
            if child is None:  # a constant: nothing to send
                continue
            if child_grad is not None:
                child_grad = sum_to(child_grad, shape)
                if child in buffers:
                    child_grad = buffers[child] + child_grad
                buffers[child] = child_grad
            pending[child] -= 1
            if pending[child] == 0:  # the last expected gradient arrived
                heapq.heappush(ready, (-child.sequence_nr, next(arrival), child))
    # --8<-- [end:loop]
