"""Update under torch.no_grad(): w stays a leaf, only its version moves, and training converges."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
for _step in range(30):
    loss = (w ** 2).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad         # not recorded, like optimizer.step()
    w.grad = None
print(f"after 30 steps: w = {w.detach().numpy().round(4)}, is_leaf = {w.is_leaf}, _version = {w._version}")
assert w.is_leaf and w._version == 30 and w.abs().max() < 0.01
