"""From a built-in node, "returned an invalid gradient" means a saved tensor changed shape after
forward (here through .data =); a wrongly sized incoming gradient is stopped where it is made."""
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
try:
    y.sum().backward()
except RuntimeError as error:
    print("w.data replaced by (2, 3):", first_line(error))
    assert "MmBackward0 returned an invalid gradient at index 0" in str(error)
