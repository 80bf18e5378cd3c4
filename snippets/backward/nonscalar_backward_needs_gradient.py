# snippet: raises=RuntimeError
"""backward() on a tensor with more than one element needs the vector v of v^T J."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x  # three outputs: which combination of them should be differentiated?

one = (x[:1] * 2)  # a single element is fine, whatever its shape
one.backward()
print("one-element output (shape (1,)): backward() works, x.grad =", x.grad)
assert torch.equal(x.grad, torch.tensor([2.0, 0.0, 0.0]))

print("y has shape", tuple(y.shape), "-> y.backward() without an argument:")
y.backward()
