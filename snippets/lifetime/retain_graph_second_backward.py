"""retain_graph=True keeps the saved tensors, so the graph can be run again (and grads add up)."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp().sum()

y.backward(retain_graph=True)
print("after pass 1 (retain_graph=True):", x.grad)
print("saved result still readable:     ", y.grad_fn.next_functions[0][0]._saved_result)
y.backward()  # allowed; this pass does not retain, so it frees the saved tensors
print("after pass 2:                    ", x.grad)
assert torch.allclose(x.grad, 2 * x.exp().detach())

try:
    y.backward()
except RuntimeError as error:
    print("pass 3:", type(error).__name__, "-", str(error).split(" (")[0])
else:
    raise AssertionError("a third pass should fail: pass 2 freed the graph")
