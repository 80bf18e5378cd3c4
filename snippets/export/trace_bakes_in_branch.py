"""torch.jit.trace records the one branch the example took, and replays it for every input."""
import warnings

import torch


def gate(x):
    if x.sum() > 0:
        return x.sin()
    return x.cos()


positive = torch.tensor([1.0, 2.0, 3.0])
negative = -positive
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:trace]
    traced = torch.jit.trace(gate, (positive,))       # the example takes the sin branch
    # --8<-- [end:trace]
tracer = [str(w.message) for w in caught if issubclass(w.category, torch.jit.TracerWarning)]
print(f"TracerWarning (x{len(tracer)}): {tracer[0]}")

# --8<-- [start:replay]
print("eager  gate(negative):", gate(negative))
print("traced gate(negative):", traced(negative))      # still sin: the branch was baked in
# --8<-- [end:replay]
assert torch.equal(traced(negative), negative.sin())
assert not torch.equal(traced(negative), gate(negative))
