"""One backward pass per output element, with one-hot v, rebuilds the Jacobian row by row."""
import torch


def f(x):  # R^3 -> R^2
    return torch.stack([x[0] * x[1], torch.sin(x[2]) + x[0] ** 2])


x = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
J = torch.autograd.functional.jacobian(f, x)  # the full 2 x 3 Jacobian, for checking only

rows = []
for i in range(2):  # one backward pass per output element
    (row,) = torch.autograd.grad(f(x), x, grad_outputs=torch.eye(2)[i])
    rows.append(row)
print("rows from two VJPs with one-hot v:")
print(torch.stack(rows))
assert torch.allclose(torch.stack(rows), J)

# the same rows in one call: the one-hot vectors as a batch, differentiated with vmap
(batched,) = torch.autograd.grad(f(x), x, grad_outputs=torch.eye(2), is_grads_batched=True)
print("is_grads_batched=True, one call, same rows:", torch.allclose(batched, torch.stack(rows)))
print("jacobian(vectorize=True) agrees:",
      torch.allclose(torch.autograd.functional.jacobian(f, x, vectorize=True), J))
assert torch.allclose(batched, torch.stack(rows))
assert torch.allclose(torch.autograd.functional.jacobian(f, x, vectorize=True), J)
