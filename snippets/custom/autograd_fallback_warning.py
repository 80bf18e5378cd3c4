"""An operator registered without an autograd kernel: backprop through it warns; under no_grad nothing is recorded."""
import warnings

import torch

library = torch.library.Library("fieldguide_fallback", "DEF")
library.define("double(Tensor x) -> Tensor")
library.impl("double", lambda x: x * 2, "CPU")   # a CPU kernel, no Autograd kernel
library.define("fill_from_rank0_(Tensor(a!) x) -> Tensor(a!)")   # in place, as c10d::broadcast_
library.impl("fill_from_rank0_", lambda x: x, "CPU")             # one process: nothing to copy
double = torch.ops.fieldguide_fallback.double
fill_from_rank0_ = torch.ops.fieldguide_fallback.fill_from_rank0_
p = torch.ones(3, requires_grad=True)            # a parameter, say


def warnings_of(action):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        action()
    return [str(w.message).split(". This")[0] for w in caught]


# --8<-- [start:fallback]
print("UserWarning:", warnings_of(lambda: double(p).sum().backward())[0])
# --8<-- [end:fallback]

# --8<-- [start:forward]
gathered = p * 1                                 # a full weight gathered inside forward
at_call = warnings_of(lambda: fill_from_rank0_(gathered))
at_backward = warnings_of(lambda: (gathered * 2).sum().backward())
print("in-place op recorded in forward: warnings at the call", len(at_call),
      " at backward", len(at_backward))
with torch.no_grad():                            # the collective outside autograd
    out = p * 1
    under_no_grad = warnings_of(lambda: fill_from_rank0_(out))
print("under no_grad: warnings", len(under_no_grad), " out.requires_grad", out.requires_grad)
# --8<-- [end:forward]
assert not at_call and len(at_backward) == 1 and "fill_from_rank0_" in at_backward[0]
assert not under_no_grad and not out.requires_grad
