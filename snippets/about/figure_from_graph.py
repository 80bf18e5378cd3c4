"""A figure drawn from the real autograd graph of a live tensor, at build time."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of

w = torch.tensor([0.5, -1.0], requires_grad=True)
x = torch.tensor([2.0, 3.0])
loss = (w * x).relu().sum()

print(describe(graph_of(loss, params={"w": w})))
save_svg("graph", draw(loss, params={"w": w}, title="loss = relu(w * x).sum()"))
