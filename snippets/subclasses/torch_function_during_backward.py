"""backward() called on a subclass runs inside its __torch_function__, where subclass handling is off for hooks and recomputation."""
import torch
from torch.utils.checkpoint import checkpoint

log = []


class Logged(torch.Tensor):
    """A subclass that records each torch function called on it."""

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        log.append(getattr(func, "__name__", str(func)))
        return super().__torch_function__(func, types, args, kwargs or {})


def run(start_backward):
    seen = {}

    def hook(grad):                                  # a hook that computes with the gradient
        seen["hook result"] = type(grad * 2).__name__

    def block(z):                                    # a checkpointed block
        seen.setdefault("block", []).append(type(z * 2).__name__)
        return (z * 2).sin()

    x = torch.randn(3).as_subclass(Logged).requires_grad_()
    loss = (checkpoint(block, x, use_reentrant=False) * 3).sum()
    loss.register_hook(hook)                         # receives the Logged gradient we pass
    start_backward(loss, torch.ones(()).as_subclass(Logged))
    return f"hook computes a {seen['hook result']}; block ran as {seen['block'][0]}, " \
           f"recomputed as {seen['block'][1]}"


# --8<-- [start:compare]
print("loss.backward(g):               ", run(lambda loss, g: loss.backward(g)))
print("loss.as_subclass(Tensor)...:    ",
      run(lambda loss, g: loss.as_subclass(torch.Tensor).backward(g)))
print("'backward' went through Logged.__torch_function__:", "backward" in log)
x = torch.randn(3).as_subclass(Logged).requires_grad_()
(x * 2).sum().backward()
print("x.grad of a Logged leaf is a", type(x.grad).__name__)
# --8<-- [end:compare]
assert type(x.grad) is torch.Tensor
assert run(lambda loss, g: loss.backward(g)) == \
    "hook computes a Tensor; block ran as Logged, recomputed as Tensor"
assert run(lambda loss, g: loss.as_subclass(torch.Tensor).backward(g)) == \
    "hook computes a Logged; block ran as Logged, recomputed as Logged"
