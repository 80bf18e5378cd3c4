# snippet: raises=RuntimeError
"""Reading a node's saved tensor after backward raises the same error as a second backward."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.pow(2)

print("before backward: y.grad_fn._saved_self is x ->", y.grad_fn._saved_self is x)
assert y.grad_fn._saved_self is x
y.sum().backward()
print("after backward:  y.grad_fn is still there ->", y.grad_fn)
y.grad_fn._saved_self  # the slot has been emptied
