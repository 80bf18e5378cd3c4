"""Call the builtin outside and pass its result in as a tensor: one graph, a fresh value every call."""
import time

import torch

graphs = []


def count_graphs(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def add_timestamp(x, stamp):
    return x + stamp


compiled = torch.compile(add_timestamp, backend=count_graphs, fullgraph=True)
outs = []
for _ in range(3):
    outs.append(compiled(torch.zeros(2), torch.tensor(time.time() % 1.0)))
    time.sleep(0.01)
print("graphs:", len(graphs), "| distinct timestamps in 3 calls:", len({o[0].item() for o in outs}))
assert len(graphs) == 1 and len({o[0].item() for o in outs}) == 3
