"""Reading a node's name: Backward<N> numbers the overloads of one operator, the rest is the
operator in CamelCase, and some nodes come from no derivatives.yaml entry at all."""
import re

import torch
import torch.nn.functional as F


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2 * grad


x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
buffer = torch.zeros(2, 3)
buffer[0] = x[0]                                      # an in-place write into a slice

calls = [  # (what ran, the overload or derivatives.yaml entry, its node)
    ("x.pow(2)", "pow.Tensor_Scalar", x.pow(2).grad_fn),
    ("x.pow(x)", "pow.Tensor_Tensor", x.pow(x).grad_fn),
    ("x.squeeze(0)", "squeeze.dim", x.squeeze(0).grad_fn),
    ("F.layer_norm(x, (3,))", "native_layer_norm", F.layer_norm(x, (3,)).grad_fn),
    ("buffer[0] = x[0]", "(no entry)", buffer.grad_fn),
    ("Cube.apply(x)", "(no entry)", Cube.apply(x).grad_fn),
    ("the leaf x", "(no entry)", x.view_as(x).grad_fn.next_functions[0][0]),
]
for call, entry, node in calls:
    print(f"{call:<22} {entry:<18} -> {type(node).__name__}")


def yaml_name(node_name):
    """NativeLayerNormBackward0 -> native_layer_norm: what to look up in derivatives.yaml."""
    camel = re.sub(r"Backward\d+$", "", node_name)
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


print("NativeLayerNormBackward0 -> look up", yaml_name("NativeLayerNormBackward0"))
names = [type(node).__name__ for _, _, node in calls]
assert names == ["PowBackward0", "PowBackward1", "SqueezeBackward1", "NativeLayerNormBackward0",
                 "CopySlices", "CubeBackward", "AccumulateGrad"]
assert yaml_name("NativeLayerNormBackward0") == "native_layer_norm"
