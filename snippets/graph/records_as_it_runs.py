"""Eager execution computes each value at once and records its backward node on the same line."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw

torch.manual_seed(0)
x = torch.randn(4, 3)                      # a batch of inputs: data, no gradient wanted
target = torch.randn(4, 1)
w = torch.randn(3, 1, requires_grad=True)  # parameters: leaves that want gradients
b = torch.zeros(1, requires_grad=True)

# --8<-- [start:forward]
z = x @ w
print("after z = x @ w        z.grad_fn =", type(z.grad_fn).__name__, f"  z[0] = {z[0].item():.4f}")
pred = z + b
print("after pred = z + b     pred.grad_fn =", type(pred.grad_fn).__name__)
loss = ((pred - target) ** 2).mean()
print("after loss = ...       loss.grad_fn =", type(loss.grad_fn).__name__,
      "  loss =", round(loss.item(), 4))
# drawn before backward, while the saved tensors still exist
save_svg("graph", draw(loss, params={"w": w, "b": b, "loss": loss},
                       title="loss = mean((x @ w + b - target) ** 2)"))
print("w.grad before backward:", w.grad)
loss.backward()
print("w.grad after backward: ", w.grad.flatten())
# --8<-- [end:forward]
assert z.grad_fn is not None and pred.grad_fn is not None   # recorded as each line ran
assert w.grad.shape == w.shape and b.grad is not None
