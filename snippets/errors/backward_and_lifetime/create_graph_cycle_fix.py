"""autograd.grad(create_graph=True) returns the gradient instead of storing it on w: no cycle, nothing kept."""
import gc
import weakref

import torch


def penalty_step():
    w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
    (g,) = torch.autograd.grad((w ** 3).sum(), w, create_graph=True)   # g = 3 w^2
    g.pow(2).sum().backward()                                          # d/dw sum(9 w^4) = 36 w^3
    return weakref.ref(w), torch.allclose(w.grad, 36 * w.detach() ** 3)


steps = [penalty_step() for _ in range(5)]
gc.collect()
alive = sum(ref() is not None for ref, _ in steps)
correct = all(ok for _, ok in steps)
print("w.grad equals 36 w^3:", correct, "| parameters still alive after 5 steps:", alive)
assert correct and alive == 0
