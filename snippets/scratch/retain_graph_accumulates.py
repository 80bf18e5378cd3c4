"""retain_graph=True keeps the saved arrays; each backward adds into .grad, as in torch."""
import minigrad
import torch

# --8<-- [start:run]
x = minigrad.Tensor([1.0, 2.0], requires_grad=True)
tx = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
y, ty = (x * x).sum(), (tx * tx).sum()
for call in (1, 2):
    y.backward(retain_graph=True)     # keep MulBackward's saved x
    ty.backward(retain_graph=True)
    print(f"after backward #{call}: minigrad {x.grad}  "
          f"torch {tx.grad.numpy()}")
# --8<-- [end:run]
assert x.grad.tolist() == tx.grad.tolist() == [4.0, 8.0]  # 2 * 2x: accumulated
