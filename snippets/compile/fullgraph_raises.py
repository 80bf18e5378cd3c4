# snippet: raises=Unsupported
"""fullgraph=True: a graph break becomes an error that names the line and the reason."""
import torch


def with_branch(x):
    y = x.sin()
    if y.sum() > 0:                  # needs the value of y
        return y * 2
    return y * -2


x = torch.ones(3)
print("without fullgraph:", torch.compile(with_branch, backend="eager")(x))
# Cached on the code object, reused by another torch.compile of it with the same backend:
print("fullgraph=True, cache already filled:", torch.compile(with_branch, backend="eager",
                                                             fullgraph=True)(x))
torch._dynamo.reset()                # empty the cache: now fullgraph=True has to trace
# --8<-- [start:fullgraph]
torch.compile(with_branch, backend="eager", fullgraph=True)(x)
# --8<-- [end:fullgraph]
