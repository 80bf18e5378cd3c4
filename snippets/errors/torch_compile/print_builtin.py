# snippet: raises=Unsupported
"""A print inside a fullgraph=True function: Dynamo cannot put a Python print into a graph."""
import torch


def normalize(x):
    norm = x.norm()
    print("norm:", norm)     # a debugging line left in the model
    return x / norm


torch.compile(normalize, backend="eager", fullgraph=True)(torch.tensor([3.0, 4.0]))
