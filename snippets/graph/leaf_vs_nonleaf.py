"""Leaves are the tensors you create; non-leaves are recorded results with a grad_fn."""
import torch

# --8<-- [start:build]
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # a leaf you created
w = torch.tensor([0.5, -1.0, 2.0])                       # a leaf that needs no grad
d = (a * w).sum()                                        # a recorded result
# --8<-- [end:build]

for name, t in [("a", a), ("w", w), ("d", d)]:
    print(f"{name}: requires_grad={t.requires_grad!s:5}  is_leaf={t.is_leaf!s:5}  "
          f"grad_fn={type(t.grad_fn).__name__ if t.grad_fn else None}")

print("a.grad before backward:", a.grad)
d.backward()
print("a.grad after backward: ", a.grad)
assert a.grad_fn is None and a.is_leaf and torch.equal(a.grad, w)
