# snippet: raises=RuntimeError
"""detach() shares memory and the version counter: the same change is caught at backward."""
import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)

# --8<-- [start:detach]
y = x.exp()
d = y.detach()
print("detach(): shares memory:", d.data_ptr() == y.data_ptr(),
      " is_leaf:", d.is_leaf, " requires_grad:", d.requires_grad)
d.add_(1)
print("y._version after y.detach().add_(1):", y._version)
y.sum().backward()
# --8<-- [end:detach]
