"""A tensor hook binds to the grad_fn the tensor has when the hook is registered."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
seen = []

# --8<-- [start:inplace]
b = x * 2                                   # b = [2, 4], b.grad_fn is MulBackward0
b.register_hook(lambda g: seen.append(("registered before pow_", g.tolist())))
node_before = type(b.grad_fn).__name__
b.pow_(2)                                   # in place: b = [4, 16], b.grad_fn is now PowBackward0
b.register_hook(lambda g: seen.append(("registered after pow_ ", g.tolist())))
node_after = type(b.grad_fn).__name__
b.sum().backward()
# --8<-- [end:inplace]

print(f"b.grad_fn at the first registration:  {node_before}")
print(f"b.grad_fn at the second registration: {node_after}")
for name, grad in seen:
    print(f"hook {name} received {grad}")

# --8<-- [start:retain]
c = x * 2
c.retain_grad()                             # registered while c.grad_fn is MulBackward0
c.pow_(2)
c.sum().backward()
print("c.retain_grad() before pow_, then c.grad =", c.grad.tolist())
# --8<-- [end:retain]
assert c.grad.tolist() == [1.0, 1.0]        # retain_grad moved on to the new grad_fn

# d(sum)/d(new b) is 1; d(sum)/d(old b) is 2 * old b = [4, 8]
assert seen == [("registered after pow_ ", [1.0, 1.0]), ("registered before pow_", [4.0, 8.0])]
