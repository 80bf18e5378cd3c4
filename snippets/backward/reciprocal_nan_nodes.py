"""Where the nan of torch.where(x != 0, 1 / x, 0) comes from: 1 / x records MulBackward0 and ReciprocalBackward0."""
import torch

x = torch.tensor([0.0, 2.0, 4.0], requires_grad=True)

# --8<-- [start:nodes]
y = torch.where(x != 0, 1 / x, 0.0)
where = y.grad_fn
mul = where.next_functions[0][0]                 # the branch 1 / x = x.reciprocal() * 1
reciprocal = mul.next_functions[0][0]
print(type(where).__name__, "->", type(mul).__name__, "->", type(reciprocal).__name__)
print("ReciprocalBackward0 saved its result:", reciprocal._saved_result.tolist())
# --8<-- [end:nodes]
assert [type(n).__name__ for n in (where, mul, reciprocal)] == [
    "WhereBackward0", "MulBackward0", "ReciprocalBackward0"]
assert reciprocal._saved_result[0].item() == float("inf")

# --8<-- [start:formula]
incoming = torch.tensor([0.0, 1.0, 1.0])        # where() sends 0 to the element it did not pick
result = reciprocal._saved_result
print("its formula, -grad * result**2:", (-incoming * result * result).tolist())
y.sum().backward()
print("x.grad:", x.grad.tolist())
# --8<-- [end:formula]
assert torch.allclose(-incoming * result * result, x.grad, equal_nan=True)
assert torch.isnan(x.grad[0])
