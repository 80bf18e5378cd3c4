"""Which operators record a node of their own: those with a derivative formula. Operators
registered as CompositeImplicitAutograd are written in terms of other operators, so autograd
records the nodes of what they call."""
import torch
import torch.nn.functional as F
from graphnodes import node_names


def composite(op: str) -> bool:
    """Whether the dispatcher has a CompositeImplicitAutograd kernel for ``op``."""
    return torch._C._dispatch_has_kernel_for_dispatch_key(op, "CompositeImplicitAutograd")


x = torch.randn(2, 4, requires_grad=True)
w = torch.randn(4, 4, requires_grad=True)
cases = [  # (operator, call, composite?, nodes it records)
    ("aten::exp", lambda: x.exp(), False, ["ExpBackward0"]),
    ("aten::mm", lambda: x.mm(w), False, ["MmBackward0"]),
    ("aten::_softmax", lambda: torch._softmax(x, 1, False), False, ["SoftmaxBackward0"]),
    ("aten::softmax.int", lambda: x.softmax(1), True, ["SoftmaxBackward0"]),
    ("aten::square", lambda: x.square(), True, ["PowBackward0"]),
    ("aten::layer_norm", lambda: F.layer_norm(x, (4,)), True, ["NativeLayerNormBackward0"]),
    # on CPU, dropout is the input times a scaled random mask (a fused kernel is for CUDA)
    ("aten::dropout", lambda: F.dropout(x, 0.5, training=True), True, ["MulBackward0"]),
    ("aten::matmul", lambda: x.matmul(w), True, ["MmBackward0"]),
]
print(f"{'operator':<20} {'composite':<10} nodes recorded")
for op, call, is_composite, expected in cases:
    recorded = node_names(call())
    print(f"{op:<20} {'yes' if composite(op) else 'no':<10} {' -> '.join(recorded)}")
    assert composite(op) == is_composite and recorded == expected, (op, recorded)
