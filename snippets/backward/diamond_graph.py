"""The diamond used on the engine page: h feeds sin and exp, which meet again in a * b."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw, graph_of

x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)
w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
h = x * w
out = (h.sin() * h.exp()).sum()
out.backward()  # drawn after backward: the nodes only, no saved tensors

params = {"x": x, "w": w, "out": out}
assert not [node for node in graph_of(out, params=params).nodes if node.kind == "saved"]
save_svg("diamond", draw(out, params=params, title="A diamond: h feeds sin and exp"))
