# snippet: raises=Unsupported
"""Dynamo traces *into* an autograd.Function: fine for PyTorch ops, a graph break for opaque code."""
import math

import torch


# --8<-- [start:traceable]
class TorchErf(torch.autograd.Function):          # forward and backward are PyTorch ops
    @staticmethod
    def forward(x):
        return torch.erf(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 2 / math.sqrt(math.pi) * torch.exp(-x * x)
# --8<-- [end:traceable]


# --8<-- [start:opaque]
class OpaqueErf(TorchErf):                        # same backward, forward leaves PyTorch
    @staticmethod
    def forward(x):
        values = [math.erf(v) for v in x.flatten().tolist()]
        return torch.tensor(values, dtype=x.dtype).reshape(x.shape)
# --8<-- [end:opaque]


def show_graph(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


x = torch.ones(4, requires_grad=True)
# --8<-- [start:compile]
torch.compile(lambda x: TorchErf.apply(x).sum(), backend=show_graph, fullgraph=True)(x).backward()
print("TorchErf compiled as one graph; x.grad =", x.grad)
assert torch.allclose(x.grad, torch.full((4,), 2 / math.sqrt(math.pi) * math.exp(-1)))

torch.compile(lambda x: OpaqueErf.apply(x).sum(), backend=show_graph, fullgraph=True)(x)
# --8<-- [end:compile]
