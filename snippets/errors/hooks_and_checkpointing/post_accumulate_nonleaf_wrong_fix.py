"""Making a leaf with detach().requires_grad_() lets the registration pass, but that leaf is not in the graph."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
calls = []
y_leaf = y.detach().requires_grad_()               # a new leaf, cut off from x
y_leaf.register_post_accumulate_grad_hook(lambda p: calls.append(p.grad))

(y ** 2).sum().backward()                          # the loss is computed from y, not from y_leaf
print("hook calls:", len(calls), "| y_leaf.grad:", y_leaf.grad, "| x.grad:", x.grad.tolist())
assert calls == [] and y_leaf.grad is None
