"""A second backward fails only if a node needs saved values; x + 1 then sum saves none."""
import minigrad
import torch

# --8<-- [start:run]
x = minigrad.Tensor([1.0, 2.0], requires_grad=True)
tx = torch.tensor([1.0, 2.0], requires_grad=True)
y, ty = (x + 1).sum(), (tx + 1).sum()   # Add and Sum nodes save nothing
for _ in range(2):
    y.backward()                        # no retain_graph, twice
    ty.backward()
print("minigrad x.grad:", x.grad, "  torch x.grad:", tx.grad)
# --8<-- [end:run]
assert x.grad.tolist() == tx.grad.tolist() == [2.0, 2.0]  # and it accumulated
