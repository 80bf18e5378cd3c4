"""The ready queue runs later-created nodes first; the order does not change the gradients."""
import torch
from enginemodel import labeller, run_backward, walk

x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)
w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
h = x * w
a = h.sin()  # created first
b = h.exp()  # created second: a higher sequence number
ab = a * b
out = ab.sum()
name = labeller({"x": x, "w": w, "h": h, "a": a, "b": b, "ab": ab, "out": out})

first = h.grad_fn._sequence_nr()
print("sequence numbers, counted from h's node:")
for node in walk(out.grad_fn):
    number = node._sequence_nr()
    shown = "2**64 - 1" if number == 2**64 - 1 else f"+{number - first}"
    print(f"  {name(node):<18} {shown}")

engine = run_backward(out.grad_fn, torch.tensor(1.0))
fifo = run_backward(out.grad_fn, torch.tensor(1.0), fifo=True)
print("\npriority queue:", " -> ".join(name(n) for n in engine.order))
print("plain FIFO:    ", " -> ".join(name(n) for n in fifo.order))
assert engine.order != fifo.order  # different order ...
for node, grad in engine.leaf_grads.items():
    assert torch.allclose(grad, fifo.leaf_grads[node])  # ... same gradients
print("same leaf gradients either way")
