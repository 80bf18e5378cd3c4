"""In-place through .data bypasses the version counter: backward runs and the gradient is wrong."""
import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
right = x.detach().exp()            # d/dx exp(x) = exp(x): the gradient we should get

# --8<-- [start:data]
y = x.exp()                         # ExpBackward0 saves y
print("y.data shares y's memory:", y.data.data_ptr() == y.data_ptr())
y.data.add_(1)                      # change the saved result behind autograd's back
print("y._version after y.data.add_(1):", y._version)
y.sum().backward()                  # no error ...
print("x.grad =", x.grad, " but d/dx exp(x) =", right)
# --8<-- [end:data]
assert y._version == 0 and torch.allclose(x.grad, right + 1)
