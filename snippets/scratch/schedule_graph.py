"""torch's graph for (tanh(x*w) * exp(x*w) + x).sum(): a diamond and a leaf used twice."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of

x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
w = torch.tensor([1.5, 0.25, -0.5], dtype=torch.float64, requires_grad=True)
h = x * w
out = (h.tanh() * h.exp() + x).sum()

names = {"x": x, "w": w, "out": out}
print(describe(graph_of(out, params=names)))
kinds = [node.kind for node in graph_of(out, params=names).nodes]
assert kinds.count("function") == 6 and kinds.count("leaf") == 2
save_svg("graph", draw(out, params=names,
                       title="torch's graph for (tanh(x*w) * exp(x*w) + x).sum()"))
