"""register_multi_grad_hook: one call once the gradients of several tensors are all computed."""
import torch
from torch.autograd.graph import register_multi_grad_hook

# --8<-- [start:multi]
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
c = torch.tensor([4.0], requires_grad=True)   # not used by the loss below
calls = []
register_multi_grad_hook(
    (a, b, c), lambda grads: calls.append([None if g is None else g.tolist() for g in grads]))

(a.sum() * b).sum().backward()
print("mode='all':", calls)
# --8<-- [end:multi]
assert calls == [[[3.0, 3.0], [3.0], None]]
