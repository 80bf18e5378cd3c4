"""AccumulateGrad adds into .grad in place only when backward runs without create_graph; with it, .grad is replaced."""
import warnings

import torch

# backward(create_graph=True) warns about the parameter-gradient cycle (the memory page shows it)
warnings.filterwarnings("ignore", message="Using backward\\(\\) with create_graph=True")


def two_passes(create_graph):
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    (w * w).sum().backward(create_graph=create_graph)
    first = w.grad
    (w * w).sum().backward(create_graph=create_graph)
    return w, first


def name(node):
    return type(node).__name__ if node is not None else None


for create_graph in (False, True):
    w, first = two_passes(create_graph)
    print(f"create_graph={create_graph!s:5}  after pass 1: grad_fn = {name(first.grad_fn)}; "
          f"after pass 2: same object: {w.grad is first!s:5} grad_fn = {name(w.grad.grad_fn)}, "
          f"w.grad = {w.grad.detach().tolist()}")
w, first = two_passes(False)
assert w.grad is first and w.grad.grad_fn is None and w.grad.tolist() == [4.0, 8.0]
w, first = two_passes(True)
assert w.grad is not first and name(w.grad.grad_fn) == "AddBackward0"
assert name(first.grad_fn) == "CopyBackwards"
assert first.tolist() == [2.0, 4.0] and w.grad.tolist() == [4.0, 8.0]
