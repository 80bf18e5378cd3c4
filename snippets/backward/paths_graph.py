"""The graph of y = x * x + 3 * x: x is reached along three edges (two of them from one node)."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw

x = torch.tensor([1.0, -0.5, 2.0], requires_grad=True)
y = x * x + 3 * x

square, triple = (node for node, _ in y.grad_fn.next_functions)
edges_to_x = [node for node, _ in square.next_functions + triple.next_functions
              if node is not None and type(node).__name__ == "AccumulateGrad"]
assert len(edges_to_x) == 3 and edges_to_x[0] is edges_to_x[1] is edges_to_x[2]
save_svg("paths", draw(y, params={"x": x, "y": y}, title="y = x * x + 3 * x"))
