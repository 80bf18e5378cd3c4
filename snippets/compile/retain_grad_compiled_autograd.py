"""retain_grad() on an activation under compiled autograd: right gradient, through a graph break."""
import warnings

import torch
from torch._dynamo.utils import counters

# Dynamo warns once about the graph break at the retains-grad hook; the break is printed below.
warnings.filterwarnings("ignore", message="Dynamo does not know how to trace")

torch.manual_seed(0)
layer = torch.nn.Linear(3, 3)
x = torch.randn(2, 3)

# --8<-- [start:retain]
h = layer(x)
h.retain_grad()
h.pow(2).sum().backward()
eager = h.grad.clone()

torch._dynamo.config.compiled_autograd = True        # capture backward too


def hook_breaks():
    reasons = "".join(counters["graph_break"])
    counters.clear()
    return "call_cpp_tensor_pre_hooks" in reasons    # the C++ hook Dynamo cannot trace


@torch.compile(backend="aot_eager")
def step(x):
    h = layer(x)
    h.retain_grad()
    h.pow(2).sum().backward()
    return h


h = step(x)
retain_equal, retain_break = torch.allclose(h.grad, eager), hook_breaks()
print("retain_grad: h.grad equals eager:", retain_equal, "  graph break at its hook:", retain_break)

stored = []


def keep(grad):
    stored.append(grad)
    return grad                                      # return the gradient (see below)


@torch.compile(backend="aot_eager")
def step_with_hook(x):
    h = layer(x)
    h.register_hook(keep)
    h.pow(2).sum().backward()


step_with_hook(x)
hook_equal, hook_break = torch.allclose(stored[0], eager), hook_breaks()
print("register_hook: stored gradient equals eager:", hook_equal, "  graph break at its hook:", hook_break)
# --8<-- [end:retain]
assert retain_equal and retain_break and hook_equal and not hook_break

# --8<-- [start:none]
def keep_only(grad):
    stored.append(grad)                              # returns None: "gradient unchanged" in eager


@torch.compile(backend="aot_eager")
def step_with_none_hook(x):
    h = layer(x)
    h.register_hook(keep_only)
    h.pow(2).sum().backward()


try:
    step_with_none_hook(x)
    failure = None
except Exception as error:                           # raised while compiled autograd traces it
    failure = error
print("a hook that returns None:", type(failure).__name__)
# --8<-- [end:none]
assert failure is not None and "Expected a proper Tensor but got None" in str(failure)
