"""What allow_mutation_on_saved_tensors costs: a clone of each whole saved tensor it protects, a Python hook on every op, and a gap for offset views."""
import time

import torch
from fieldkit import measured
from torch.utils._python_dispatch import _get_current_dispatch_mode_stack

allow_mutation = torch.autograd.graph.allow_mutation_on_saved_tensors

# --8<-- [start:clone]
x = torch.linspace(0.0, 1.0, 1000, requires_grad=True)
with allow_mutation() as ctx:
    y = x.exp()                         # ExpBackward0 saves y (1000 floats)
    y[0] = 0.0                          # one element written through the view y[0]
    clones = list(ctx.cloned.values())
    print("clones made:", len(clones), " elements in the clone:", clones[0].numel())
    y.sum().backward()
expected = x.detach().exp()
expected[0] = 0.0                       # y[0] no longer depends on x[0]
print("gradient right:", torch.allclose(x.grad, expected))
# --8<-- [end:clone]
assert len(clones) == 1 and clones[0].numel() == 1000 and torch.allclose(x.grad, expected)

# --8<-- [start:offset]
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
with allow_mutation() as ctx:
    y = x.exp()
    y[1:].add_(1)                       # a view that starts at an offset
    print("clones made:", len(ctx.cloned))
    y.sum().backward()                  # no error: hooks switch the version check off
print("x.grad =", x.grad)
print("exp(x) =", x.detach().exp(), " <- what the gradient should be")
# --8<-- [end:offset]
assert len(ctx.cloned) == 0
assert not torch.allclose(x.grad, x.detach().exp())

# --8<-- [start:outside]
with allow_mutation():
    y = (x * 1).exp()
    y.add_(1)
try:
    y.sum().backward()                  # backward after the context has closed
    refused = False
except AssertionError as error:
    refused = True
    print("backward outside the context -> AssertionError:", error)
# --8<-- [end:outside]
assert refused


def step(w):
    h = w
    for _ in range(200):                # many small ops
        h = torch.tanh(h * 1.01)
    h.sum().backward()


def best_ms(under_context):
    w = torch.randn(64, requires_grad=True)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        if under_context:
            with allow_mutation():
                step(w)
        else:
            step(w)
        best = min(best, time.perf_counter() - start)
    return best * 1e3


torch.manual_seed(0)
# --8<-- [start:time]
plain, guarded = best_ms(False), best_ms(True)
print(f"200 tanh layers, forward and backward: {measured(f'{plain:.1f} ms')} plain, "
      f"{measured(f'{guarded:.1f} ms')} under allow_mutation_on_saved_tensors")
# --8<-- [end:time]
# Why it costs: inside the context a Python dispatch mode sees every op (times vary by machine,
# so the mode is what is checked, not the ratio).
outside = [type(m).__name__ for m in _get_current_dispatch_mode_stack()]
with allow_mutation():
    inside = [type(m).__name__ for m in _get_current_dispatch_mode_stack()]
print(f"Python dispatch modes outside: {outside}, inside: {inside}")
assert outside == [] and inside == ["_CloneArgBeforeMutateMode"]
