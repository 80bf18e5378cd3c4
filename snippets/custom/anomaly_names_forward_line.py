# snippet: raises=RuntimeError
"""Anomaly detection: the backward node that produced NaN raises, and the warning names its forward line."""
import warnings

import torch
from forwardtrace import print_warnings


# --8<-- [start:model]
def distance(a, b):
    d = a - b
    return (d * d).sum(-1).sqrt()             # sqrt'(0) is infinite


a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([[1.0, 2.0], [0.0, 0.0]])    # row 0 of a equals row 0 of b
# --8<-- [end:model]

# --8<-- [start:silent]
distance(a, b).sum().backward()
print("without anomaly detection, no error; a.grad =", a.grad)
assert a.grad[0].isnan().all()
a.grad = None
q = torch.tensor([0.0, 25.0], requires_grad=True)
print("sqrt'(q) at q = [0, 25]:", torch.autograd.grad(q.sqrt().sum(), q)[0], "(inf, not NaN)")
# --8<-- [end:silent]

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        # --8<-- [start:anomaly]
        with torch.autograd.detect_anomaly():
            loss = distance(a, b).sum()
            loss.backward()
        # --8<-- [end:anomaly]
    finally:
        print_warnings(caught, __file__)      # the warnings, with this file's frames only
