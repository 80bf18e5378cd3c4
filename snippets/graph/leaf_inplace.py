# snippet: raises=RuntimeError
"""In-place on a leaf that requires grad: fine under no_grad (an optimizer step), an error in grad mode."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()

# --8<-- [start:step]
with torch.no_grad():
    w -= 0.1 * w.grad           # what optimizer.step() does: not recorded
print("after the no_grad update: w =", w, " is_leaf =", w.is_leaf, " _version =", w._version)
# --8<-- [end:step]
assert w.is_leaf and w.grad_fn is None and w._version == 1

try:
    w[0] = 5.0                  # writing through a view of w is refused too
except RuntimeError as error:
    print("w[0] = 5.0 ->", error)

# --8<-- [start:fail]
w.add_(1)                       # grad mode: refused
# --8<-- [end:fail]
