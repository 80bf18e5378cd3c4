"""use_reentrant=False: the checkpointed layer's parameters get gradients although the input needs none."""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
layer, head = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
x = torch.randn(2, 3)

head(checkpoint(layer, x, use_reentrant=False)).sum().backward()
checkpointed = layer.weight.grad.clone()
layer.zero_grad()
head(layer(x)).sum().backward()            # the same model, not checkpointed
print("layer.weight.grad equals the plain run's:", torch.allclose(checkpointed, layer.weight.grad))
assert torch.allclose(checkpointed, layer.weight.grad)
