# snippet: raises=RuntimeError
"""A second backward through the same graph fails once the first has freed the saved tensors."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp().sum()  # ExpBackward0 saves its result for the backward pass

y.backward()
print("first backward:  x.grad =", x.grad)
assert torch.allclose(x.grad, x.exp().detach())
y.backward()  # ExpBackward0 needs the result it saved, and it is gone
