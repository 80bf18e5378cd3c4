"""Autocast records its casts: the fp32 weight is cast by a recorded op, so its gradient is fp32."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x = torch.randn(2, 4)

# --8<-- [start:autocast]
with torch.autocast("cpu", dtype=torch.bfloat16):
    y = model(x)                              # linear runs in bfloat16
seen = []
y.register_hook(lambda g: seen.append(g.dtype))   # the gradient as it reaches y
y.float().pow(2).sum().backward()

addmm = y.grad_fn
transpose = addmm.next_functions[2][0]              # linear = t(weight), then addmm
cast_of_weight = transpose.next_functions[0][0]
print("y:", y.dtype, "made by", addmm.name())
print("the weight reaches it through", transpose.name(), "->", cast_of_weight.name(), "->",
      type(cast_of_weight.next_functions[0][0]).__name__)
print("gradient reaching y:", seen[0])
print("weight:", model.weight.dtype, " weight.grad:", model.weight.grad.dtype)
# --8<-- [end:autocast]
assert y.dtype == seen[0] == torch.bfloat16 and cast_of_weight.name() == "ToCopyBackward0"
assert transpose.name() == "TBackward0"             # the cast comes before the transpose
assert model.weight.grad.dtype == torch.float32

# --8<-- [start:half]
half = torch.nn.Linear(4, 3).to(torch.bfloat16)   # the parameters themselves in bfloat16
half(x.to(torch.bfloat16)).float().pow(2).sum().backward()
print("model.to(bfloat16): weight.grad:", half.weight.grad.dtype)
# --8<-- [end:half]
assert half.weight.grad.dtype == torch.bfloat16
