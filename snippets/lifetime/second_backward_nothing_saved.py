"""A graph whose nodes saved no tensors can be run twice: the error is about saved tensors."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (x + 1).sum()  # AddBackward0 and SumBackward0 save no tensors
for node in [loss.grad_fn, loss.grad_fn.next_functions[0][0]]:
    saved = [name for name in dir(node) if name.startswith("_saved_")]
    print(f"{node.name()} keeps {saved}")
    assert all(not isinstance(getattr(node, name), torch.Tensor) for name in saved)

loss.backward()
loss.backward()  # no error: nothing this pass needs was freed
print("two backward passes, x.grad =", x.grad)
assert torch.equal(x.grad, torch.full((3,), 2.0))  # and both accumulated
