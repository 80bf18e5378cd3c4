# snippet: raises=Unsupported
"""fullgraph=True cannot split the graph at a Python `if` on a tensor's value, so it raises."""
import torch


def clip_or_flip(x):
    if x.sum() > 0:          # Python needs a bool; during tracing the sum has no value
        return x.clamp(max=1.0)
    return -x


torch.compile(clip_or_flip, backend="eager", fullgraph=True)(torch.tensor([0.5, 2.0]))
