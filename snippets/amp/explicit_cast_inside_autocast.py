"""Inside an autocast region an explicit .float() does not keep an op in float32; disabling autocast does."""
import torch

torch.manual_seed(0)
layer = torch.nn.Linear(4, 4)
x = torch.randn(2, 4)

# --8<-- [start:casts]
with torch.autocast("cpu", dtype=torch.bfloat16):
    h = layer(x)
    cast_first = layer(h.float())                     # cast, then call an autocast op
    with torch.autocast("cpu", enabled=False):        # a region where autocast is off
        kept = layer(h.float())
    summed_low = h.sum()                              # sum is on no CPU autocast list
    summed = h.float().sum()                          # so a cast decides its dtype
print("layer(x)                       ->", h.dtype)
print("layer(h.float())               ->", cast_first.dtype)
print("layer(h.float()), autocast off ->", kept.dtype)
print("h.sum()                        ->", summed_low.dtype)
print("h.float().sum()                ->", summed.dtype)
# --8<-- [end:casts]
assert h.dtype == cast_first.dtype == summed_low.dtype == torch.bfloat16
assert kept.dtype == summed.dtype == torch.float32

kept.sum().backward()
print("gradients still flow through the float32 region: layer.weight.grad", layer.weight.grad.dtype)
assert layer.weight.grad is not None
