"""Naive recursion runs a shared node once per path; a topological order runs it once."""
import minigrad
import numpy as np


def stacked_diamonds(x, k):
    """k diamonds in a row: each level feeds two branches that meet again."""
    h = x
    for _ in range(k):
        h = h.tanh() * h.sigmoid()
    return h.sum()


# --8<-- [start:naive]
def naive(node, grad):
    """Push each gradient down every path at once. Returns the node calls."""
    calls = 1
    grads = node.backward(grad)
    for child, g in zip(node.next_functions, grads, strict=True):
        if child is not None:
            calls += naive(child, g)
    return calls
# --8<-- [end:naive]


# --8<-- [start:topo]
def topological(root, grad):
    """Order the nodes first (depth-first), then run each once."""
    order, seen = [], set()

    def visit(node):
        if node not in seen:
            seen.add(node)
            for child in node.next_functions:
                if child is not None:
                    visit(child)
            order.append(node)       # after every node it sends to

    visit(root)
    grads = {root: grad}
    for node in reversed(order):     # after every node that sends to it
        outs = node.backward(grads.pop(node))
        for child, g in zip(node.next_functions, outs, strict=True):
            if child is not None:
                grads[child] = grads[child] + g if child in grads else g
    return len(order)
# --8<-- [end:topo]


print(" k   nodes   naive calls   topological   dependency counting")
for k in [1, 2, 4, 8, 12]:
    x = minigrad.Tensor([0.3, -0.7], requires_grad=True)
    out = stacked_diamonds(x, k)
    results = []
    for run in (naive, topological):
        x.grad = None
        calls = run(out.grad_fn, np.array(1.0))
        results.append((calls, x.grad))
    x.grad = None
    with minigrad.record_schedule() as ran:
        out.backward()               # minigrad's engine: dependency counting
    nodes = len(minigrad.count_dependencies(out.grad_fn))
    (naive_calls, g_naive), (topo_calls, g_topo) = results
    assert np.allclose(g_naive, x.grad) and np.allclose(g_topo, x.grad)
    assert topo_calls == len(ran) == nodes   # each node once ...
    assert naive_calls == 2 ** (k + 2) - 2   # ... versus doubling per diamond
    print(f"{k:2} {nodes:7} {naive_calls:13} {topo_calls:13} {len(ran):21}")
