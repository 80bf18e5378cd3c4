"""Module backward hooks are node post-hooks on identity nodes wrapped around the module."""
import torch
from torch import nn

torch.manual_seed(0)
# --8<-- [start:module]
layer = nn.Linear(3, 2)
events = []
layer.register_full_backward_pre_hook(
    lambda mod, grad_output: events.append(f"module pre-hook   grad_output {tuple(grad_output[0].shape)}"))
layer.register_full_backward_hook(
    lambda mod, grad_input, grad_output: events.append(f"module hook       grad_input {tuple(grad_input[0].shape)}"))

x = torch.randn(4, 3, requires_grad=True)
out = layer(x)
out.register_hook(lambda g: events.append("tensor hook on the module's output"))
x.register_hook(lambda g: events.append("tensor hook on the module's input"))
out.sum().backward()
print(*events, sep="\n")
# --8<-- [end:module]
assert events == ["tensor hook on the module's output",
                  "module pre-hook   grad_output (4, 2)",
                  "module hook       grad_input (4, 3)",
                  "tensor hook on the module's input"]

# Walk from the module's output back to x.
wrap_out = out.grad_fn
addmm = wrap_out.next_functions[0][0]
wrap_in = next(fn for fn, _ in addmm.next_functions if fn is not None and fn.name() == wrap_out.name())
print()
print("out -> x:", wrap_out.name(), "->", addmm.name(), "->", wrap_in.name(), "-> AccumulateGrad of x")
assert wrap_out.name() == "BackwardHookFunctionBackward" and addmm.name() == "AddmmBackward0"
assert wrap_in.next_functions[0][0].variable is x

# --8<-- [start:inplace]
out = layer(x)
try:
    out.add_(1)                  # the output is a view returned by the wrapper's custom Function
except RuntimeError as err:
    message = str(err)
print()
print("in-place on the output:", message.split(". ")[0] + ".")
# --8<-- [end:inplace]
assert "is a view and is being modified inplace" in message
