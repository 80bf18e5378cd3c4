"""Silencing the warning leaves the cycle: every step's parameter and graph outlive the step."""
import gc
import warnings
import weakref

import torch

warnings.filterwarnings("ignore", message="Using backward\\(\\) with create_graph=True")


def penalty_step():
    w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
    (w ** 3).sum().backward(create_graph=True)   # no warning shown any more
    return weakref.ref(w)


refs = []
for step in range(1, 6):
    refs.append(penalty_step())
    gc.collect()
    print(f"after step {step}: parameters still alive = {sum(r() is not None for r in refs)}")
assert all(r() is not None for r in refs)
