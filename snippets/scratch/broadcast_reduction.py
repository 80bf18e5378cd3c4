"""A rule may return the broadcast shape; the engine sums it back to each input's shape."""
import minigrad
import numpy as np
import torch

# --8<-- [start:build]
data = np.arange(6.0).reshape(2, 3)
x = minigrad.Tensor(data, requires_grad=True)               # (2, 3)
b = minigrad.Tensor([1.0, -1.0, 0.5], requires_grad=True)  # (3,)
y = x * b                                 # b is broadcast over both rows

tx = torch.tensor(data, requires_grad=True)
tb = torch.tensor([1.0, -1.0, 0.5], dtype=torch.float64, requires_grad=True)
ty = tx * tb
ones = np.ones((2, 3))

raw = y.grad_fn.backward(ones)            # call the rule by hand
raw_t = ty.grad_fn(torch.from_numpy(ones))  # torch's MulBackward0 by hand
print("minigrad rule returns:", [g.shape for g in raw])
print("MulBackward0 returns: ", [tuple(g.shape) for g in raw_t])
print("the inputs' shapes:   ", y.grad_fn.input_shapes)

y.backward(ones)                          # the engine reduces with sum_to
ty.backward(torch.from_numpy(ones))
print("b.grad:", b.grad, "  torch:", tb.grad.numpy())
# --8<-- [end:build]

assert [g.shape for g in raw] == [tuple(g.shape) for g in raw_t] == [(2, 3)] * 2
assert b.grad.shape == (3,) and np.allclose(b.grad, data.sum(axis=0))
assert np.allclose(b.grad, tb.grad.numpy()) and np.allclose(x.grad, tx.grad.numpy())
