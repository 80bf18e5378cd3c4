"""Raising recompile_limit removes the error and keeps the cause: one full compile per new value."""
import torch

graphs = []


def count_graphs(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def scale(x, factor):
    return x * factor


compiled = torch.compile(scale, backend=count_graphs, dynamic=False, fullgraph=True,
                         recompile_limit=64)
for step in range(12):
    compiled(torch.ones(2), 0.5 + step)
print("12 calls with recompile_limit=64: graphs compiled =", len(graphs))
assert len(graphs) == 12
