"""backward() empties the saved tensors of the nodes it ran, and only those."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()        # ExpBackward0 saves y (its result)
z = y.sin()        # SinBackward0 saves y (its input)
loss = z.sum()

(g,) = torch.autograd.grad(loss, y)  # runs SumBackward0 and SinBackward0, stops at y
print("ExpBackward0 did not run; its saved result is still readable:",
      torch.equal(y.grad_fn._saved_result, y))
assert torch.equal(y.grad_fn._saved_result, y)
try:
    z.grad_fn._saved_self
except RuntimeError as error:
    print("SinBackward0 ran; reading its saved input raises:", str(error).split(" (")[0])
else:
    raise AssertionError("SinBackward0 ran, so its saved tensor should be gone")
