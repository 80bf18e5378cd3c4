# snippet: raises=AttributeError
"""custom_fwd assumes forward's first argument is ctx: with a separate setup_context it is not."""
import torch
from torch.amp import custom_bwd, custom_fwd


# --8<-- [start:function]
class Double(torch.autograd.Function):
    @staticmethod
    @custom_fwd(device_type="cpu")
    def forward(x):                       # no ctx: setup_context receives it instead
        return x * 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass

    @staticmethod
    @custom_bwd(device_type="cpu")
    def backward(ctx, grad):
        return grad * 2
# --8<-- [end:function]


x = torch.ones(3, requires_grad=True)
with torch.autocast("cpu", dtype=torch.bfloat16):
    y = Double.apply(x)
print("custom_fwd stored its flag on the input tensor:", hasattr(x, "_fwd_used_autocast"))
assert hasattr(x, "_fwd_used_autocast")
y.sum().backward()                        # custom_bwd looks for the flag on ctx
