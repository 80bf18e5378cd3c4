"""torch.amp.custom_fwd/custom_bwd: backward runs under the forward's autocast state; cast_inputs runs forward in one dtype."""
import torch
from torch.amp import custom_bwd, custom_fwd

log = []


def note(where, *tensors):
    state = torch.is_autocast_enabled("cpu")
    dtype = str(torch.get_autocast_dtype("cpu")).removeprefix("torch.") if state else "-"
    kinds = ", ".join(str(t.dtype).removeprefix("torch.") for t in tensors)
    log.append(f"{where:<24} autocast {state!s:5} ({dtype:<8})  tensors: {kinds}")


# --8<-- [start:functions]
class MatMul(torch.autograd.Function):           # follows the surrounding autocast state
    @staticmethod
    @custom_fwd(device_type="cpu")
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        out = a @ b                                # autocast casts this product
        note("MatMul.forward", a, b, out)
        return out

    @staticmethod
    @custom_bwd(device_type="cpu")
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        grad_a, grad_b = grad @ b.T, a.T @ grad
        note("MatMul.backward", grad, grad_a)
        return grad_a, grad_b


class Float32MatMul(torch.autograd.Function):    # always runs in float32
    @staticmethod
    @custom_fwd(device_type="cpu", cast_inputs=torch.float32)
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        out = a @ b
        note("Float32MatMul.forward", a, b, out)
        return out

    @staticmethod
    @custom_bwd(device_type="cpu")
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        note("Float32MatMul.backward", grad)
        return grad @ b.T, a.T @ grad
# --8<-- [end:functions]


torch.manual_seed(0)
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, 2, requires_grad=True)
# --8<-- [start:run]
with torch.autocast("cpu", dtype=torch.bfloat16):
    y = MatMul.apply(a, b)
    z = Float32MatMul.apply(a.to(torch.bfloat16), b)   # a bfloat16 input is cast back
(y.float().sum() + z.sum()).backward()               # backward outside the autocast region
print("\n".join(log))
print("a.grad:", a.grad.dtype)
# --8<-- [end:run]
assert y.dtype == torch.bfloat16 and z.dtype == torch.float32
lines = {line.split()[0]: line for line in log}
assert "autocast True  (bfloat16)" in lines["MatMul.backward"]     # the forward's state, restored
assert "autocast False" in lines["Float32MatMul.backward"]
