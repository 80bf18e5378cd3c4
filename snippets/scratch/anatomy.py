"""What minigrad records: tensors point at backward nodes, nodes at their inputs' nodes."""
import minigrad
from fieldkit import save_svg
from fieldkit.autograd_graph import Graph, to_svg

# --8<-- [start:build]
x = minigrad.Tensor([1.0, 2.0], requires_grad=True)    # leaves you create
w = minigrad.Tensor([0.5, -1.0], requires_grad=True)
b = minigrad.Tensor(0.25)                  # a constant: needs no gradient
y = (x * w + b).tanh().sum()               # each operation leaves one node

for name, t in [("x", x), ("w", w), ("b", b), ("y", y)]:
    print(f"{name}: is_leaf={t.is_leaf!s:5} "
          f"requires_grad={t.requires_grad!s:5} grad_fn={t.grad_fn}")
print()
leaf_names = {x: "x", w: "w"}


def label(node):
    if node is None:                      # an input that needs no gradient
        return None
    if node.name() == "AccumulateGrad":   # a leaf's node: name the leaf
        return f"AccumulateGrad[{leaf_names[node.variable]}]"
    return node.name()


nodes = list(minigrad.count_dependencies(y.grad_fn))  # all nodes behind y
for node in nodes:
    print(f"{label(node)}: next_functions="
          f"{[label(n) for n in node.next_functions]}")
    print(f"    saved shapes={[a.shape for a in node.saved]}")
# --8<-- [end:build]

add = y.grad_fn.next_functions[0].next_functions[0]
assert add.name() == "AddBackward" and add.next_functions[1] is None  # b: no edge
assert x.grad_fn is None and y.grad_fn.name() == "SumBackward"
assert len(nodes) == 6 and {n.variable for n in nodes[-2:]} == {x, w}

# Drawn with the site's graph renderer, fed minigrad's nodes instead of torch's.
graph = Graph()
output = graph.add_node("output", "y ()")
ids = {}
for node in nodes:
    if node.name() == "AccumulateGrad":
        text = f"{leaf_names[node.variable]} {node.variable.shape}"
        ids[node] = graph.add_node("leaf", text)
    else:
        ids[node] = graph.add_node("function", node.name())
graph.add_edge(output, ids[y.grad_fn])
for node in nodes:
    for child in node.next_functions:
        if child is not None:
            graph.add_edge(ids[node], ids[child])
title = "minigrad's graph for y = tanh(x*w + b).sum()"
save_svg("graph", to_svg(graph, title=title))
