"""torch.use_deterministic_algorithms(True) on CPU: index backward still runs, ops without a deterministic kernel raise."""
# snippet: raises=RuntimeError
import warnings

import torch

torch.manual_seed(0)
print("deterministic algorithms:", torch.are_deterministic_algorithms_enabled())
torch.use_deterministic_algorithms(True)
print("after use_deterministic_algorithms(True):", torch.are_deterministic_algorithms_enabled())

# --8<-- [start:backward]
# Indexing with repeated indices: the backward adds into the same slot several times.
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
idx = torch.tensor([0, 0, 2, 0])
x[idx].pow(2).sum().backward()                       # index_put_(accumulate=True) on CPU
first = x.grad.clone()
x.grad = None
torch.take(x, idx).pow(2).sum().backward()           # take's backward: put_(accumulate=True)
print("x[idx] backward:       ", first.tolist())
print("torch.take backward:   ", x.grad.tolist())
# --8<-- [end:backward]
assert first.tolist() == x.grad.tolist() == [6.0, 0.0, 6.0, 0.0]

# --8<-- [start:raise]
torch.use_deterministic_algorithms(True, warn_only=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.zeros(5).put_(idx, torch.tensor([1.0, 2.0, 3.0, 4.0]))   # accumulate=False
print("\nwarn_only=True:", str(caught[0].message).split(" (Triggered")[0])

torch.use_deterministic_algorithms(True)
pool = torch.nn.MaxPool2d(2, return_indices=True)
out, indices = pool(torch.randn(1, 1, 4, 4))
torch.nn.MaxUnpool2d(2)(out, indices)                # no deterministic kernel, on any device
# --8<-- [end:raise]
