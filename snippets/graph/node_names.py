"""Reading a node's name: Backward<N> numbers the overloads of one operator, the rest is the
operator in CamelCase (a leading underscore dropped, 2d written 2D), and some nodes come from no
derivatives.yaml entry at all."""
import re

import torch
import torch.nn.functional as F
from torch.autograd.function import once_differentiable


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


class OnceSquare(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
image = torch.arange(16.0).reshape(1, 1, 4, 4).requires_grad_()
buffer = torch.zeros(2, 3)
buffer[0] = x[0]                                      # an in-place write into a slice

calls = [  # (what ran, the overload or derivatives.yaml entry, its node)
    ("x.pow(2)", "pow.Tensor_Scalar", x.pow(2).grad_fn),
    ("x.pow(x)", "pow.Tensor_Tensor", x.pow(x).grad_fn),
    ("x.squeeze(0)", "squeeze.dim", x.squeeze(0).grad_fn),
    ("F.layer_norm(x, (3,))", "native_layer_norm", F.layer_norm(x, (3,)).grad_fn),
    ("F.softmax(x, -1)", "_softmax", F.softmax(x, -1).grad_fn),
    ("x.to(torch.float64)", "_to_copy", x.to(torch.float64).grad_fn),
    ("F.max_pool2d(image, 2)", "max_pool2d_with_indices", F.max_pool2d(image, 2).grad_fn),
    ("F.interpolate(bilinear)", "upsample_bilinear2d",
     F.interpolate(image, scale_factor=2, mode="bilinear").grad_fn),
    ("buffer[0] = x[0]", "(no entry)", buffer.grad_fn),
    ("Cube.apply(x)", "(no entry)", Cube.apply(x).grad_fn),
    ("the leaf x", "(no entry)", x.view_as(x).grad_fn.next_functions[0][0]),
    ("_cholesky_solve_helper", "(no formula)",
     torch.ops.aten._cholesky_solve_helper(torch.ones(3, 3), torch.eye(3) * x, False).grad_fn),
]
try:                                                  # the NotImplemented node raises when reached
    torch.ops.aten._cholesky_solve_helper(torch.ones(3, 3), torch.eye(3) * x, False).sum().backward()
except RuntimeError as error:
    not_implemented = str(error)
assert not_implemented == "derivative for aten::_cholesky_solve_helper is not implemented"
# A once_differentiable backward run with create_graph=True: its result's graph holds an Error
# node in place of the backward of the backward.
(grad_x,) = torch.autograd.grad((OnceSquare.apply(x) * x).sum(), x, create_graph=True)
refused = next(node for node, _ in grad_x.grad_fn.next_functions if type(node).__name__ == "Error")
calls.append(("once_differentiable", "(refused)", refused))
for call, entry, node in calls:
    print(f"{call:<23} {entry:<23} -> {type(node).__name__}")


def yaml_name(node_name):
    """NativeLayerNormBackward0 -> native_layer_norm: what to look up in derivatives.yaml."""
    camel = re.sub(r"Backward\d+$", "", node_name)
    snake = re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()
    return re.sub(r"_?(\d)_d", r"\1d", snake)            # Pool2_d / 2_d -> 2d


print("backward through NotImplemented:", not_implemented)
for name in ["NativeLayerNormBackward0", "MaxPool2DWithIndicesBackward0", "SoftmaxBackward0"]:
    print(f"{name:<29} -> look up {yaml_name(name)}, or _{yaml_name(name)}")
names = [type(node).__name__ for _, _, node in calls]
assert names == ["PowBackward0", "PowBackward1", "SqueezeBackward1", "NativeLayerNormBackward0",
                 "SoftmaxBackward0", "ToCopyBackward0", "MaxPool2DWithIndicesBackward0",
                 "UpsampleBilinear2DBackward0", "CopySlices", "CubeBackward", "AccumulateGrad",
                 "NotImplemented", "Error"]
assert yaml_name("NativeLayerNormBackward0") == "native_layer_norm"
assert yaml_name("MaxPool2DWithIndicesBackward0") == "max_pool2d_with_indices"
assert yaml_name("UpsampleBilinear2DBackward0") == "upsample_bilinear2d"
assert yaml_name("SoftmaxBackward0") == "softmax"     # the entry is _softmax: the _ is dropped
