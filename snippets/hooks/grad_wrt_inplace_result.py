"""After relu_(x), the name x holds ReLU's output: d x / d x is 1. ReLU's backward reads the sign from its output."""
import torch
import torch.nn.functional as F

# --8<-- [start:inplace]
leaf = torch.tensor([-1.0, 2.0], requires_grad=True)
x = leaf.clone()
F.relu_(x)                                          # x is now the output of ReLU
node = x.grad_fn
print(f"{node.name()} saved its result: {node._saved_result.tolist()}  "
      "-> gradient passes where result > 0")
print("grad of relu_(x) w.r.t. x:   ", torch.autograd.grad(x.sum(), x, retain_graph=True)[0].tolist(),
      " (d output / d output)")
print("grad w.r.t. the tensor before:", torch.autograd.grad(x.sum(), leaf)[0].tolist())
# --8<-- [end:inplace]
assert node.name() == "ReluBackward0"
