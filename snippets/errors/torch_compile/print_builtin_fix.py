"""reorderable_logging_functions: Dynamo moves the print after the graph; one graph, the value still printed."""
import torch
import torch._dynamo

graphs = []


def count_graphs(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def normalize(x):
    norm = x.norm()
    print("norm:", norm)
    return x / norm


x = torch.tensor([3.0, 4.0])
with torch._dynamo.config.patch(reorderable_logging_functions={print}):
    out = torch.compile(normalize, backend=count_graphs, fullgraph=True)(x)
print("result:", [round(v, 4) for v in out.tolist()], "| graphs:", len(graphs))
assert len(graphs) == 1 and torch.allclose(out, x / 5)
