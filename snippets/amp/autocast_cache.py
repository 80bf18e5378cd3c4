"""Autocast casts each float32 weight once per region and reuses the cast; a no_grad pass no longer poisons it."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x = torch.randn(2, 4)


def weight_cast_node(out):
    # AddmmBackward0 -> TBackward0 -> the node that cast the weight
    return out.grad_fn.next_functions[2][0].next_functions[0][0]


# --8<-- [start:cache]
with torch.autocast("cpu", dtype=torch.bfloat16):
    first, second = model(x), model(x)
print("two calls in one region share the weight's cast:",
      weight_cast_node(first) is weight_cast_node(second))
with torch.autocast("cpu", dtype=torch.bfloat16):
    third = model(x)
print("a new region casts again:                       ",
      weight_cast_node(third) is not weight_cast_node(first))
# --8<-- [end:cache]
assert weight_cast_node(first) is weight_cast_node(second)
assert weight_cast_node(third) is not weight_cast_node(first)

# --8<-- [start:no_grad]
with torch.autocast("cpu", dtype=torch.bfloat16):
    with torch.no_grad():
        model(x)                          # an evaluation pass casts (and caches) the weight
    out = model(x)                        # training resumes in the same region
out.float().sum().backward()
print("after a no_grad pass in the same region: weight.grad is None:", model.weight.grad is None)
# --8<-- [end:no_grad]
assert model.weight.grad is not None
