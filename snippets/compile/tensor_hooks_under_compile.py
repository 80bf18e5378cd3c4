"""Tensor hooks under torch.compile: a hook on a leaf (a graph input) runs in Python after the
compiled backward; a side-effect-free hook on an intermediate is traced into the compiled backward;
one with a Python side effect is a graph break, unless compiled autograd defers it to the backward
it captures."""
import torch
import torch._dynamo
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd
from torch._dynamo.utils import counters

backward_code = []                    # the code of each backward graph AOTAutograd compiles


def keep_backward(gm, example_inputs):
    backward_code.append(gm.code)
    return make_boxed_func(gm.forward)


backend = aot_autograd(fw_compiler=lambda gm, example_inputs: make_boxed_func(gm.forward),
                       bw_compiler=keep_backward)
torch.manual_seed(0)
x, w0 = torch.randn(3, 4), torch.randn(4, 2)
ran = []                              # Python state the hooks touch


def eager_grad(fn, hook_on_w=None):
    w = w0.clone().requires_grad_()
    if hook_on_w:
        w.register_hook(hook_on_w)
    fn(w).backward()
    return w.grad


def report(title, fn, hook_on_w=None):
    torch._dynamo.reset()
    backward_code.clear()
    ran.clear()
    explained = torch._dynamo.explain(fn)(w0.clone().requires_grad_())
    torch._dynamo.reset()
    w = w0.clone().requires_grad_()
    if hook_on_w:
        w.register_hook(hook_on_w)
    torch.compile(fn, backend=backend)(w).backward()
    hook_ran = bool(ran)
    ran.clear()
    matches = torch.allclose(w.grad, eager_grad(fn, hook_on_w))
    in_backward = any("neg" in code for code in backward_code)
    print(f"{title}\n    graphs: {explained.graph_count}, breaks: {explained.graph_break_count}"
          f"  hook traced into the compiled backward: {in_backward}"
          f"  grad matches eager: {matches}")
    for reason in explained.break_reasons:
        print("    break:", reason.reason.splitlines()[0])
    return explained.graph_break_count, in_backward, hook_ran, matches


# --8<-- [start:hooks]
def negate(grad):                        # no side effect: traceable as a function of grad
    return -grad


def negate_and_record(grad):             # appends to a Python list: a side effect
    ran.append("hook")
    return -grad


def plain(w):                            # w.register_hook(...) called before the call
    return torch.sin(x @ w).sum()


def hook_on_input(w):
    w.register_hook(negate_and_record)   # a graph input: Dynamo registers it after the graph
    return torch.sin(x @ w).sum()


def pure_hook(w):
    y = x @ w
    y.register_hook(negate)              # an intermediate, a hook without side effects
    return torch.sin(y).sum()


def side_effect_hook(w):
    y = x @ w
    y.register_hook(negate_and_record)   # an intermediate, a hook that appends to a list
    return torch.sin(y).sum()
# --8<-- [end:hooks]


breaks, traced, hook_ran, ok = report("hook on the leaf w, registered outside:", plain,
                                      hook_on_w=negate_and_record)
print("    the hook ran, in Python:", hook_ran)
assert breaks == 0 and not traced and hook_ran and ok
breaks, traced, hook_ran, ok = report("the same hook on w, registered inside:", hook_on_input)
print("    the hook ran, in Python:", hook_ran)
assert breaks == 0 and not traced and hook_ran and ok
breaks, traced, _, ok = report("side-effect-free hook on an intermediate:", pure_hook)
assert breaks == 0 and traced and ok
breaks, traced, hook_ran, ok = report("hook with a side effect on an intermediate:",
                                      side_effect_hook)
print("    the hook ran, in Python:", hook_ran)
assert breaks == 1 and not traced and hook_ran and ok


# --8<-- [start:compiled_autograd]
def train_step(w):
    side_effect_hook(w).backward()       # the backward runs inside the compiled function


with torch._dynamo.config.patch(compiled_autograd=True):
    compiled_step = torch.compile(train_step, backend="aot_eager")
# --8<-- [end:compiled_autograd]
torch._dynamo.reset()
counters.clear()
ran.clear()
w = w0.clone().requires_grad_()
compiled_step(w)
breaks = [reason.splitlines()[0] for reason in counters["graph_break"]]
print("the same hook under compiled autograd:")
print("    graph breaks:", breaks)
print("    backward graphs compiled autograd captured:", counters["compiled_autograd"]["captures"])
print("    the hook ran:", bool(ran), " grad matches eager:",
      torch.allclose(w.grad, eager_grad(side_effect_hook)))
assert breaks == ["Unsupported Tensor.backward() call"]
assert counters["compiled_autograd"]["captures"] == 1
assert torch.allclose(w.grad, eager_grad(side_effect_hook))
