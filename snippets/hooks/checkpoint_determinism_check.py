"""determinism_check="default": a recomputation that saves a tensor of another shape raises CheckpointError."""
# snippet: raises=RuntimeError
import torch
from torch.utils.checkpoint import checkpoint

calls = 0


# --8<-- [start:segment]
def segment(x):
    global calls
    calls += 1                        # 1 in forward, 2 in the recomputation during backward
    return x[: 4 - calls].exp().sum()  # exp saves its output: 3 elements, then 2


x = torch.tensor([0.1, 0.2, 0.3, 0.4], requires_grad=True)
y = checkpoint(segment, x, use_reentrant=False)    # determinism_check="default"
print("forward ran, calls =", calls)
y.backward()
# --8<-- [end:segment]
