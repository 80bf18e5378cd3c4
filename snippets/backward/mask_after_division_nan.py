"""Masking the output of 1/x does not clean its gradient: 0 * inf = nan. Mask the input instead."""
import torch

x = torch.tensor([0.0, 2.0, 4.0], requires_grad=True)

# --8<-- [start:after]
y = torch.where(x != 0, 1 / x, 0.0)  # forward: 1/0 = inf is masked away ...
y.sum().backward()
print("mask after 1/x: y =", y.detach(), " x.grad =", x.grad)  # ... the gradient is not
assert torch.isnan(x.grad[0])
# --8<-- [end:after]

# --8<-- [start:why]
# where() sends 0 to the branch it did not pick; DivBackward0 then multiplies that 0 by
# d(1/x)/dx = -1/x**2, which is -inf at x = 0.
print("gradient reaching 1/x at x=0:", 0.0, "  local derivative:", -1 / torch.tensor(0.0) ** 2,
      "  product:", torch.tensor(0.0) * (-1 / torch.tensor(0.0) ** 2))
# --8<-- [end:why]
