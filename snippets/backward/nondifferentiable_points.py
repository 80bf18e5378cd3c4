"""What autograd returns exactly at kinks, ties and edges of the domain."""
import torch
import torch.nn.functional as F


def grad_at(fn, *values):
    """Gradient of fn at the given point (one tensor per argument)."""
    inputs = [torch.tensor(v, requires_grad=True) for v in values]
    grads = torch.autograd.grad(fn(*inputs).sum(), inputs)
    return grads[0] if len(grads) == 1 else grads


cases = [
    # (what, gradient, expected)
    ("relu at 0", grad_at(torch.relu, [0.0]), [0.0]),
    ("clamp(min=0) at 0", grad_at(lambda t: t.clamp(min=0), [0.0]), [1.0]),
    ("abs at 0", grad_at(torch.abs, [0.0]), [0.0]),
    ("leaky_relu at 0", grad_at(F.leaky_relu, [0.0]), [0.01]),
    ("sqrt at 0", grad_at(torch.sqrt, [0.0]), [float("inf")]),
    ("linalg.vector_norm at 0", grad_at(torch.linalg.vector_norm, [0.0, 0.0]), [0.0, 0.0]),
    ("sqrt(sum(x**2)) at 0", grad_at(lambda t: (t ** 2).sum().sqrt(), [0.0, 0.0]),
     [float("nan")] * 2),
    ("max() of [1, 3, 3]", grad_at(torch.max, [1.0, 3.0, 3.0]), [0.0, 0.5, 0.5]),
    ("max(dim=0) of [1, 3, 3]", grad_at(lambda t: t.max(dim=0).values, [1.0, 3.0, 3.0]),
     [0.0, 1.0, 0.0]),
    ("maximum(a, b) at a == b", torch.stack(grad_at(torch.maximum, 2.0, 2.0)), [0.5, 0.5]),
    ("floor, round, sign", torch.cat([grad_at(f, [0.0]) for f in (torch.floor, torch.round,
                                                                  torch.sign)]), [0.0] * 3),
    ("sqrt at -1 (undefined)", grad_at(torch.sqrt, [-1.0]), [float("nan")]),
    ("log at -1 (undefined)", grad_at(torch.log, [-1.0]), [-1.0]),
]
for what, grad, expected in cases:
    print(f"{what:<26} -> {[round(value, 4) for value in grad.tolist()]}")
    assert torch.allclose(grad, torch.tensor(expected), equal_nan=True)
