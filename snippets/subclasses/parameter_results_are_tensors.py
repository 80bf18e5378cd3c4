"""nn.Parameter of a plain tensor turns __torch_function__ off: operations return plain Tensors; a subclass Parameter keeps its type."""
import torch
from torch import nn

p = nn.Parameter(torch.ones(2))
# --8<-- [start:results]
for expression, result in [("p.add(1)", p.add(1)), ("p * 2", p * 2), ("p.detach()", p.detach()),
                           ("p.data", p.data)]:
    print(f"{expression:<11} -> {type(result).__name__}")
print("Parameter.__torch_function__ is the disabled implementation:",
      nn.Parameter.__torch_function__ is torch._C._disabled_torch_function_impl)
# --8<-- [end:results]
assert type(p * 2) is torch.Tensor

# --8<-- [start:subclass]
class Scaled(torch.Tensor):
    """A tensor subclass, as DTensor is one."""


q = nn.Parameter(torch.ones(2).as_subclass(Scaled))
print("Parameter of a Scaled tensor:", type(q).__name__, " q * 2 ->", type(q * 2).__name__,
      "  is a parameter:", isinstance(q, nn.Parameter))
# --8<-- [end:subclass]
assert type(q) is Scaled and type(q * 2) is Scaled and isinstance(q, nn.Parameter)

# --8<-- [start:update]
updated = nn.Parameter(p.detach() - 0.1)        # a new leaf Parameter, if you need one
with torch.no_grad():
    p.sub_(0.1)                                  # or update this one in place
print("new Parameter:", type(updated).__name__, updated.is_leaf,
      "  in place:", type(p).__name__, [round(v, 3) for v in p.tolist()])
# --8<-- [end:update]
