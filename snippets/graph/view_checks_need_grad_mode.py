"""The view checks of in-place ops run only when the op would be recorded: under no_grad an output of unbind may be changed in place."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 1

try:
    h.unbind()[0].mul_(2)
except RuntimeError as error:
    print("grad mode on:          RuntimeError:", str(error).split(". ")[0] + ".")
else:
    raise AssertionError("an in-place op on an output of unbind was allowed in grad mode")

with torch.no_grad():
    h.unbind()[0].mul_(2)
print("under torch.no_grad(): allowed, h =", h.detach(), " h.grad_fn =", h.grad_fn.name())
assert torch.equal(h.detach(), torch.tensor([2.0, 2.0]))
