"""Hooks for one saved tensor of one node: grad_fn._raw_saved_<name>.register_hooks(pack, unpack)."""
import torch

log = []
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# --8<-- [start:one]
a = x.pow(2)                                  # PowBackward0 saves x as `self`
b = x.exp()                                   # ExpBackward0 saves its result as `result`
raw = a.grad_fn._raw_saved_self
print("a.grad_fn._raw_saved_self is a", type(raw).__name__)

log.append("register_hooks called")
raw.register_hooks(lambda t: log.append("pack self of PowBackward0") or t.detach().half(),
                   lambda t: log.append("unpack self of PowBackward0") or t.float())
log.append("backward starts")
(a + b).sum().backward()
# --8<-- [end:one]
print(*log, sep="\n")
assert log == ["register_hooks called", "pack self of PowBackward0", "backward starts",
               "unpack self of PowBackward0"]          # ExpBackward0's saved result: untouched
assert torch.equal(x.grad, 2 * x + x.exp())

# --8<-- [start:twice]
c = x.pow(2)
c.grad_fn._raw_saved_self.register_hooks(lambda t: t.detach(), lambda t: t)
try:
    c.grad_fn._raw_saved_self.register_hooks(lambda t: t.detach(), lambda t: t)
except RuntimeError as error:
    print("second register_hooks:", error)
# --8<-- [end:twice]
