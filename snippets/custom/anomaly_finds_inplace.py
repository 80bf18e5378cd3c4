# snippet: raises=RuntimeError
"""For the in-place version error, anomaly mode adds the forward line of the node that needed the tensor."""
import warnings

import torch
from forwardtrace import print_warnings


# --8<-- [start:model]
def layer(x, w):
    h = x @ w
    s = torch.sigmoid(h)                      # SigmoidBackward0 saves its result, s
    s.mul_(2)                                 # ... which this line then overwrites
    return s.sum()
# --8<-- [end:model]


torch.manual_seed(0)
x = torch.randn(2, 3)
w = torch.randn(3, 3, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        # --8<-- [start:anomaly]
        with torch.autograd.set_detect_anomaly(True, check_nan=False):
            layer(x, w).backward()
        # --8<-- [end:anomaly]
    finally:
        print_warnings(caught, __file__)
