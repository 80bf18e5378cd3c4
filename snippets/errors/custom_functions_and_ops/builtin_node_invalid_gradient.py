"""From a built-in node, "returned an invalid gradient" means a saved tensor changed shape after
forward through .data =, which the version counter does not see; set_ bumps the counter, so the
same swap through set_ gives the in-place error instead. A wrongly sized incoming gradient is
stopped where it is made."""
import torch

x = torch.ones(1, 4, requires_grad=True)


def first_line(error):
    return str(error).splitlines()[0]


# A hook that returns a gradient of another shape: refused at the hook, not further down.
w = torch.ones(4, 3, requires_grad=True)
y = x @ w                                          # (1, 3)
y.grad_fn.register_prehook(lambda grads: (torch.ones(1, 5),))
try:
    y.sum().backward()
except RuntimeError as error:
    print("pre-hook returns (1, 5):  ", first_line(error))
    assert "has changed the size of value" in str(error)

# A weight swapped for one of another shape after forward: MmBackward0 computes its gradient
# for x from the new weight it saved, grad_output (1, 3) @ w.T (3, 2) = (1, 2), not x's (1, 4).
w = torch.ones(4, 3, requires_grad=True)
y = x @ w
w.data = torch.ones(2, 3)                          # .data bypasses the version counter
print("w._version after w.data = ...:", w._version)
assert w._version == 0
try:
    y.sum().backward()
except RuntimeError as error:
    print("w.data replaced by (2, 3):", first_line(error))
    assert "MmBackward0 returned an invalid gradient at index 0" in str(error)

# The same swap through set_, an in-place operation: the version counter moves, and backward
# stops at the saved-tensor check before any gradient is computed.
w = torch.ones(4, 3, requires_grad=True)
y = x @ w
with torch.no_grad():
    w.set_(torch.ones(2, 3))
print("w._version after w.set_(...):  ", w._version)
assert w._version == 1
try:
    y.sum().backward()
except RuntimeError as error:
    print("w.set_ to (2, 3):         ", first_line(error))
    assert "modified by an inplace operation" in str(error)
    assert "is at version 1; expected version 0" in str(error)
