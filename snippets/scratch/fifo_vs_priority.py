"""Any order that respects the dependency counts gives the same gradients."""
from collections import deque

import minigrad
import numpy as np


# --8<-- [start:fifo]
def backward_fifo(root, grad):
    """Dependency counting with a first-in, first-out ready queue."""
    waiting = minigrad.count_dependencies(root)
    buffers, ready, order = {root: grad}, deque([root]), []
    while ready:
        node = ready.popleft()
        order.append(node)
        grads = node.backward(buffers.pop(node))
        edges = zip(node.next_functions, grads, node.input_shapes, strict=True)
        for child, g, shape in edges:
            if child is None:
                continue
            g = minigrad.sum_to(g, shape)
            buffers[child] = buffers[child] + g if child in buffers else g
            waiting[child] -= 1
            if waiting[child] == 0:
                ready.append(child)
    return order
# --8<-- [end:fifo]


def forward(x, w):
    a = x.exp().tanh().sigmoid()   # a long branch, recorded first
    b = w.tanh()                   # a short branch, recorded last
    return (a + b).sum()


def label(node):
    if node.name() == "AccumulateGrad":
        return "AccumulateGrad[" + ("x" if node.variable is x else "w") + "]"
    return node.name()


x = minigrad.Tensor([0.5, -1.0], requires_grad=True)
w = minigrad.Tensor([2.0, 0.25], requires_grad=True)
fifo = backward_fifo(forward(x, w).grad_fn, np.array(1.0))
fifo_grads = (x.grad, w.grad)
x.grad = w.grad = None
out = forward(x, w)
with minigrad.record_schedule() as priority:
    out.backward()      # minigrad's engine: highest sequence number first

print(f"{'FIFO ready queue':<22}priority queue (minigrad, torch)")
for a, b in zip(fifo, priority, strict=True):
    print(f"{label(a):<22}{label(b)}")
assert [label(n) for n in fifo] != [label(n) for n in priority]  # other order ...
assert np.array_equal(fifo_grads[0], x.grad)                       # ... same result
assert np.array_equal(fifo_grads[1], w.grad)
print("gradients identical:", True)
