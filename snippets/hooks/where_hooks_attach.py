"""Every kind of backward hook on one graph, and the node whose run fires it."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import Graph, Node, describe, graph_of, to_svg

# --8<-- [start:register]
x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x * 2                      # non-leaf: y.grad_fn is MulBackward0
loss = y.sin().sum()

fired = []
y.register_hook(lambda g: fired.append("tensor hook of y"))
y.retain_grad()
y.grad_fn.register_prehook(lambda grad_outputs: fired.append("pre-hook of MulBackward0"))
y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: fired.append("post-hook of MulBackward0"))
x.register_hook(lambda g: fired.append("tensor hook of x"))
x.register_post_accumulate_grad_hook(lambda leaf: fired.append("post-accumulate-grad hook of x"))
accumulate_x = y.grad_fn.next_functions[0][0]           # the AccumulateGrad node of x
accumulate_x.register_prehook(lambda grad_outputs: fired.append("pre-hook of AccumulateGrad"))
accumulate_x.register_hook(lambda grad_inputs, grad_outputs: fired.append("post-hook of AccumulateGrad"))
# --8<-- [end:register]

# Label each box with the hooks that fire when its node runs, then draw the real graph.
marks = {"MulBackward0": "[T(y) R(y) pre post]", "x (3,)": "[T(x) PA pre post]"}
graph = graph_of(loss, params={"x": x, "loss": loss})
labelled = Graph([Node(n.id, n.kind, f"{n.label} {marks[n.label]}" if n.label in marks else n.label)
                  for n in graph.nodes], graph.edges)
print(describe(labelled))
print()
print("T = Tensor.register_hook      R = retain_grad      PA = register_post_accumulate_grad_hook")
print("pre = Node.register_prehook   post = Node.register_hook")
save_svg("graph", to_svg(labelled, title="Where each kind of backward hook attaches"))

loss.backward()
print()
print(f"{len(fired)} hooks fired:", *fired, sep="\n  ")
assert len(fired) == 7 and fired[0] == "tensor hook of y"  # retain_grad appends nothing
