# snippet: raises=FailOnRecompileLimitHit
"""A Python float under dynamic=False is a constant of the graph: every new value recompiles, the
ninth one passes recompile_limit, and fullgraph=True turns the eager fallback into an error."""
import logging

import torch

torch._logging.set_logs(dynamo=logging.ERROR)    # keep the limit's warning (timestamped) off the output


def scale(x, factor):
    return x * factor


compiled = torch.compile(scale, backend="eager", dynamic=False, fullgraph=True)
for step in range(12):
    compiled(torch.ones(2), 0.5 + step)          # a new float on every call
