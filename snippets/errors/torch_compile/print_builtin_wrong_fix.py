"""Hiding the print in a torch.compiler.disable'd helper: still a graph break, so fullgraph still raises."""
import torch


@torch.compiler.disable
def log(*args):
    print(*args)


def normalize(x):
    norm = x.norm()
    log("norm:", norm)
    return x / norm


try:
    torch.compile(normalize, backend="eager", fullgraph=True)(torch.tensor([3.0, 4.0]))
except torch._dynamo.exc.Unsupported as error:
    first = str(error).splitlines()[0]
    print(f"{type(error).__name__}: {first}")
assert first == "Skip calling `torch.compiler.disable()`d function"
