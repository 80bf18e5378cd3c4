"""Without input buffers, a node shared by two paths runs once per path: 2**k calls for k diamonds."""
import torch
from enginemodel import run_backward, run_naive, walk


def stacked_diamonds(x, k):
    """k diamonds in a row: each level's value feeds two branches that meet again."""
    h = x
    for _ in range(k):
        h = h.sin() * h.cos()
    return h.sum()


print(" k   nodes   engine calls   naive calls")
for k in [1, 2, 4, 8, 12]:
    x = torch.tensor([0.3, 0.7], requires_grad=True)
    out = stacked_diamonds(x, k)
    engine = run_backward(out.grad_fn, torch.tensor(1.0))
    naive_grads, naive_calls = run_naive(out.grad_fn, torch.tensor(1.0))
    (expected,) = torch.autograd.grad(out, x)

    leaf = next(iter(engine.leaf_grads))
    assert torch.allclose(engine.leaf_grads[leaf], expected)  # both are right ...
    assert torch.allclose(naive_grads[leaf], expected)
    assert len(engine.order) == len(walk(out.grad_fn)) == 3 * k + 2  # ... one runs each node once
    assert naive_calls == 2 ** (k + 2) - 2  # the other doubles the work with every diamond
    print(f"{k:2}   {len(walk(out.grad_fn)):5}   {len(engine.order):12}   {naive_calls:11}")
