"""backward() adds into .grad, in place; it never overwrites it."""
import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
x = torch.tensor([3.0, 0.5])

for step in range(1, 4):
    loss = (w * x).sum()  # a fresh graph each time; d loss / d w = x
    loss.backward()
    print(f"after backward #{step}: w.grad = {w.grad}")
    assert torch.equal(w.grad, step * x)
    if step == 1:
        first = w.grad
print("still the tensor object stored by the first backward:", w.grad is first)
assert w.grad is first  # later passes added into it in place

w.grad = None  # what zero_grad() does by default
(w * x).sum().backward()
print("after w.grad = None and one more backward:", w.grad)
assert torch.equal(w.grad, x) and w.grad is not first
