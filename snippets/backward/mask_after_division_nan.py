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
# 1 / x is recorded as reciprocal(x) * 1. where() sends 0 to the branch it did not pick,
# MulBackward0 passes that 0 on, and ReciprocalBackward0 multiplies it by -result**2, its
# d(1/x)/dx written with the result it saved: result = 1/0 = inf there, so -inf.
mul = y.grad_fn.next_functions[0][0]
reciprocal = mul.next_functions[0][0]
print("1/x was recorded as:", mul.name(), "->", reciprocal.name())
assert (mul.name(), reciprocal.name()) == ("MulBackward0", "ReciprocalBackward0")
grad, result = torch.tensor(0.0), 1 / torch.tensor(0.0)    # the values at x = 0
print("at x=0: gradient reaching ReciprocalBackward0:", grad.item(), "  result:", result.item(),
      "  -grad * result**2:", (-grad * result**2).item())
assert torch.isnan(-grad * result**2)
# --8<-- [end:why]
