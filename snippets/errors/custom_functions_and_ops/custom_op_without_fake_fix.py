"""With register_fake the compiler knows the output's metadata; compiled and eager results agree."""
import math

import torch
from torch import Tensor


@torch.library.custom_op("fieldguide_errors::erf_fake", mutates_args=())
def erf(x: Tensor) -> Tensor:
    values = [math.erf(v) for v in x.flatten().tolist()]
    return torch.tensor(values, dtype=x.dtype).reshape(x.shape)


@erf.register_fake
def _(x):
    return torch.empty_like(x)                      # same shape, dtype and device; reads no data


x = torch.ones(4)
eager = erf(x) * 2
compiled = torch.compile(lambda x: erf(x) * 2, backend="eager", fullgraph=True)(x)
print("compiled:", compiled)
print("equal to eager:", torch.equal(compiled, eager))
assert torch.equal(compiled, eager)
