# snippet: raises=Unsupported
"""time.time is a C builtin Dynamo cannot look into: under fullgraph=True the call raises."""
import time

import torch


def add_timestamp(x):
    return x + time.time() % 1.0     # a feature computed from the clock


torch.compile(add_timestamp, backend="eager", fullgraph=True)(torch.zeros(2))
