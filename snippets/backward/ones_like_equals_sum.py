"""backward(torch.ones_like(y)) gives exactly what y.sum().backward() gives."""
import torch

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)

y = x.exp() * x
y.backward(torch.ones_like(y))
with_ones = x.grad.clone()

x.grad = None
(x.exp() * x).sum().backward()
with_sum = x.grad.clone()

print("backward(ones_like(y)):", with_ones)
print("y.sum().backward():    ", with_sum)
assert torch.equal(with_ones, with_sum)
