"""backward(inputs=[h]) with a non-leaf h fills h.grad and sends nothing further down."""
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
h = a * 3                     # not a leaf
(h * h).sum().backward(inputs=[h])
print("backward(inputs=[h]), h not a leaf: h.grad =", h.grad, " a.grad =", a.grad)
assert torch.equal(h.grad, 2 * h.detach()) and a.grad is None
