"""An operator registered without an autograd kernel: backprop through it warns; under no_grad nothing is recorded."""
import warnings

import torch

library = torch.library.Library("fieldguide_fallback", "DEF")
library.define("double(Tensor x) -> Tensor")
library.impl("double", lambda x: x * 2, "CPU")   # a CPU kernel, no Autograd kernel
double = torch.ops.fieldguide_fallback.double
p = torch.ones(3, requires_grad=True)            # a parameter, say

# --8<-- [start:fallback]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    double(p).sum().backward()
print("UserWarning:", str(caught[0].message).split(". This")[0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.no_grad():                        # e.g. broadcasting parameters at start-up
        out = double(p)
print("under no_grad: warnings", len(caught), " out.requires_grad", out.requires_grad)
# --8<-- [end:fallback]
