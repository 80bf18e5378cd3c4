"""The names of the nodes an autograd graph recorded, for snippets that compare them."""


def node_names(t):
    """Every node reachable from t.grad_fn, parents before children, AccumulateGrad left out."""
    names, seen, stack = [], set(), [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if type(node).__name__ != "AccumulateGrad":
            names.append(type(node).__name__)
        stack.extend(n for n, _ in reversed(node.next_functions))
    return names
