"""Run a diamond-shaped graph with the Python engine model and with torch; compare the two."""
import torch
from enginemodel import count_dependencies, labeller, record_engine_order, run_backward, walk

# --8<-- [start:graph]
x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)
w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
h = x * w        # h feeds two branches ...
a = h.sin()
b = h.exp()
ab = a * b       # ... that meet again here: a diamond
out = ab.sum()
# --8<-- [end:graph]
name = labeller({"x": x, "w": w, "h": h, "a": a, "b": b, "ab": ab, "out": out})
root = out.grad_fn

# --8<-- [start:model]
print("dependencies (edges pointing at each node):")
for node, count in count_dependencies(root).items():
    print(f"  {name(node):<18} {count}")

model = run_backward(root, torch.tensor(1.0))
print("\nthe model runs:")
for step, node in enumerate(model.order, start=1):
    print(f"  {step}. {name(node):<18} after summing {model.arrivals[node]} gradient(s)")
# --8<-- [end:model]

# --8<-- [start:check]
expected = torch.autograd.grad(out, [x, w], retain_graph=True)  # torch's leaf gradients
ran, remove_hooks = record_engine_order(root)  # a pre-hook on every node logs what runs
out.backward()  # the real engine
remove_hooks()
print("\ntorch's engine ran:\n  " + " -> ".join(name(node) for node in ran))

assert ran == model.order  # the same nodes in the same order ...
assert len(ran) == len(walk(root)) == len(set(ran))  # ... and every node exactly once
model_grads = {node.variable: grad for node, grad in model.leaf_grads.items()}
for leaf, want in zip([x, w], expected, strict=True):
    assert torch.allclose(model_grads[leaf], want) and torch.allclose(leaf.grad, want)
print("leaf gradients: model == torch.autograd.grad == .grad after backward()")
# --8<-- [end:check]
