"""A node per operation that has its own derivative: composite functions record the nodes of what they call."""
import torch
import torch.nn.functional as F
from graphnodes import node_names

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
rows = torch.tensor([[0.5, 1.0, 2.0]], requires_grad=True)   # a batch of one
w = torch.ones(2, 3, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
target = torch.tensor([1])

cases = {
    "x.exp()": (x.exp(), ["ExpBackward0"]),
    "torch.square(x)": (torch.square(x), ["PowBackward0"]),
    "1 / x": (1 / x, ["MulBackward0", "ReciprocalBackward0"]),
    "F.linear(rows, w, b)": (F.linear(rows, w, b), ["AddmmBackward0", "TBackward0"]),
    "F.cross_entropy(rows, target)": (F.cross_entropy(rows, target),
                                      ["NllLossBackward0", "LogSoftmaxBackward0"]),
}
for label, (out, expected) in cases.items():
    names = node_names(out)
    print(f"{label:<30} -> {' -> '.join(names)}")
    assert names == expected, (label, names)
