"""Replace the op by a deterministic equivalent (unique indices: a plain scatter) and keep the guard on."""
import torch

torch.manual_seed(0)
torch.use_deterministic_algorithms(True)
values, indices = torch.nn.MaxPool1d(2, return_indices=True)(torch.randn(1, 1, 6))

# --8<-- [start:scatter]
# Pooling windows do not overlap, so every index is written once: scatter is deterministic here.
unpooled = torch.zeros(1, 1, 6).scatter(2, indices, values)
# --8<-- [end:scatter]

torch.use_deterministic_algorithms(False)          # only to compute the reference
reference = torch.nn.MaxUnpool1d(2)(values, indices)
torch.use_deterministic_algorithms(True)
print("scatter equals MaxUnpool1d:", torch.equal(unpooled, reference))

try:
    torch.zeros(5).put_(torch.tensor([0, 0]), torch.tensor([1.0, 2.0]))   # two writes to slot 0
    guarded = False
except RuntimeError as error:
    guarded = "does not have a deterministic implementation" in str(error)
print("the guard still refuses put_ with repeated indices:", guarded)
assert torch.equal(unpooled, reference) and guarded
