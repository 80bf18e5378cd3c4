"""jacrev builds a Jacobian one row (VJP) at a time, jacfwd one column (JVP) at a time."""
import time

import torch
from fieldkit import measured
from torch.func import jacfwd, jacrev
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
shapes = {"tall (m=2048 outputs, n=8 inputs)": (2048, 8),
          "wide (m=8 outputs, n=2048 inputs)": (8, 2048)}

print(f"{'Jacobian':<36}{'transform':<9}{'matmul FLOPs':>14}{'time':>12}")
for label, (m, n) in shapes.items():
    W = torch.randn(m, n)
    x = torch.randn(n)

    def f(x, W=W):
        return torch.tanh(W @ x)

    flops = {}
    for name, transform in (("jacrev", jacrev), ("jacfwd", jacfwd)):
        transform(f)(x)                                  # warm up once
        with FlopCounterMode(display=False) as counter:
            J = transform(f)(x)
        flops[name] = counter.get_total_flops()
        start = time.perf_counter()
        for _ in range(5):
            transform(f)(x)
        ms = (time.perf_counter() - start) / 5 * 1e3
        print(f"{label:<36}{name:<9}{flops[name]:>14,}  {measured(f'{ms:.2f} ms'.rjust(10))}")
    # jacrev: m VJPs, batched: (m x m) @ (m x n).  jacfwd: n JVPs, batched: (m x n) @ (n x n).
    assert flops["jacrev"] == 2 * m * m * n and flops["jacfwd"] == 2 * m * n * n
    assert J.shape == (m, n)
