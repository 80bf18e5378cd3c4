"""What a hook returns replaces the gradient, and later hooks see the replacement."""
import torch

# --8<-- [start:hooks]
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
loss = (y * y).sum() + y.sum()           # y feeds two nodes: dloss/dy = 2y + 1 = [7, 13]
calls = []
y.retain_grad()                          # registered first ...
y.register_hook(lambda g: calls.append(g.tolist()) or g * 10)   # ... yet it sees this result
y.grad_fn.register_prehook(lambda grad_outputs: (grad_outputs[0] + 1,))
# --8<-- [end:hooks]

loss.backward()
print("tensor hook on y called", len(calls), "time(s), with", calls[0])
print("y.grad (retain_grad):  ", y.grad.tolist())
print("x.grad:                ", x.grad.tolist(), "= 3 * (10 * [7, 13] + 1)")

assert calls == [[7.0, 13.0]]                       # once, with the summed gradient
assert y.grad.tolist() == [70.0, 130.0]             # retain_grad stores the tensor hook's result
assert x.grad.tolist() == [3 * 71.0, 3 * 131.0]     # the node got the pre-hook's result as well
