"""Hooks of one kind on one tensor or node run in the order they were registered, each seeing the last one's result."""
import torch

# --8<-- [start:order]
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
seen = []
y.register_hook(lambda g: seen.append(("first", g.tolist())) or g * 10)
y.register_hook(lambda g: seen.append(("second", g.tolist())) or g + 1)
y.grad_fn.register_prehook(lambda go: seen.append(("pre A", go[0].tolist())))
y.grad_fn.register_prehook(lambda go: seen.append(("pre B", go[0].tolist())))
y.sum().backward()
for name, grad in seen:
    print(f"{name:<7} saw {grad}")
print("x.grad:", x.grad.tolist())
# --8<-- [end:order]
assert [name for name, _ in seen] == ["first", "second", "pre A", "pre B"]
assert seen[1][1] == [10.0, 10.0] and x.grad.tolist() == [33.0, 33.0]
