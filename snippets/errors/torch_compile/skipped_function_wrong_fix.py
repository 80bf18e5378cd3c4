"""allow_in_graph(time.time), as the hint suggests for C functions: no error, but the clock is read once."""
import time
import warnings

import torch

warnings.simplefilter("ignore", UserWarning)          # the hint is also issued as a warning


def add_timestamp(x):
    return x + time.time() % 1.0


torch.compiler.allow_in_graph(time.time)
compiled = torch.compile(add_timestamp, backend="eager", fullgraph=True)
first = compiled(torch.zeros(2))
time.sleep(0.05)
second = compiled(torch.zeros(2))
eager_moved = add_timestamp(torch.zeros(2))[0].item() != first[0].item()
print("compiled calls 50 ms apart return the same value:", torch.equal(first, second))
print("eager call returns a new value:", eager_moved)
assert torch.equal(first, second) and eager_moved
