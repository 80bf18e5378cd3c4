"""The graph recorded for L = (tanh(W @ x) ** 2).sum(), with the tensors each node saved."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw, graph_of

W = torch.tensor([[0.5, -0.25, 0.1], [0.2, 0.4, -0.3]], requires_grad=True)
x = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
L = (torch.tanh(W @ x) ** 2).sum()

graph = graph_of(L, params={"W": W, "x": x, "L": L})
functions = [node.label for node in graph.nodes if node.kind == "function"]
assert functions == ["SumBackward0", "PowBackward0", "TanhBackward0", "MvBackward0"]
save_svg("chain", draw(L, params={"W": W, "x": x, "L": L}, title="L = (tanh(W @ x) ** 2).sum()"))
