# snippet: raises=GradcheckError
"""opcheck tests the registration, not the math: it passes an op whose gradient is wrong. gradcheck does not."""
import math

import torch
from torch import Tensor
from torch.autograd import gradcheck


def erf_kernel(x: Tensor) -> Tensor:
    values = [math.erf(v) for v in x.flatten().tolist()]
    return torch.tensor(values, dtype=x.dtype).reshape(x.shape)


def save_input(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


# --8<-- [start:ops]
@torch.library.custom_op("fieldguide::erf", mutates_args=())
def erf(x: Tensor) -> Tensor:
    return erf_kernel(x)


@torch.library.custom_op("fieldguide::erf_buggy", mutates_args=())
def erf_buggy(x: Tensor) -> Tensor:
    return erf_kernel(x)


for op in (erf, erf_buggy):
    op.register_fake(lambda x: torch.empty_like(x))


def erf_backward(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * 2 / math.sqrt(math.pi) * torch.exp(-x * x)


def erf_backward_buggy(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * torch.exp(-x * x)        # bug: the factor 2/sqrt(pi) is missing


erf.register_autograd(erf_backward, setup_context=save_input)
erf_buggy.register_autograd(erf_backward_buggy, setup_context=save_input)
# --8<-- [end:ops]

# --8<-- [start:check]
torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)   # requires_grad: test the autograd path too
for name, op in (("erf", erf), ("erf_buggy", erf_buggy)):
    result = torch.library.opcheck(op, (x,))
    print(f"opcheck({name}):")
    for test, status in result.items():
        print(f"  {test:<28}{status}")
    assert all(status == "SUCCESS" for status in result.values())

print("gradcheck(erf):", gradcheck(erf, (x,)))
gradcheck(erf_buggy, (x,))                        # raises
# --8<-- [end:check]
