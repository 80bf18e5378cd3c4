"""clone() (or repeat) gives each row its own memory; the in-place add then does what it says."""
import torch

bias = torch.zeros(1, 4).expand(3, 4).clone()   # 12 elements of memory
print("stride after clone:", bias.stride())
bias += torch.arange(12.0).view(3, 4)
print(bias)
assert torch.equal(bias, torch.arange(12.0).view(3, 4))
