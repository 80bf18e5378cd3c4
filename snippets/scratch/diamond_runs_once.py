"""A shared node gets one input buffer: every path's gradient is summed, then it runs once."""
import minigrad
import numpy as np

# --8<-- [start:build]
x = minigrad.Tensor([0.5, -1.0, 2.0], requires_grad=True)
h = x * x                  # h feeds two branches ...
a = h.tanh()
b = h.exp()
out = (a * b + x).sum()    # ... that meet again; x is also used directly

waiting = minigrad.count_dependencies(out.grad_fn)  # edges into each node
with minigrad.record_schedule() as ran:
    out.backward()
for step, node in enumerate(ran, start=1):
    print(f"{step}. {node.name():<15} waited for {waiting[node]} gradient(s)")
print("x.grad =", x.grad)
# --8<-- [end:build]

assert len(ran) == len(set(ran)) == len(waiting)  # every node ran, once
assert waiting[h.grad_fn] == 2                    # from tanh and from exp
s = x.data**2
expected = 2 * x.data * (np.exp(s) * (1 - np.tanh(s) ** 2)
                         + np.tanh(s) * np.exp(s)) + 1
assert np.allclose(x.grad, expected)  # both paths through h, plus the direct one
