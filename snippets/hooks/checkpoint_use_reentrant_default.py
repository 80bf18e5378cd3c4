"""torch 2.13: calling checkpoint without use_reentrant warns, then runs the reentrant variant."""
import warnings

import torch
from torch.utils.checkpoint import checkpoint

x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)


def segment(t):
    return t.sin().exp()


# --8<-- [start:default]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y_default = checkpoint(segment, x)                      # use_reentrant not passed
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
# --8<-- [end:default]
print(f"torch {torch.__version__}: still a warning, not the exception the message announces")
assert len(caught) == 1 and caught[0].category is UserWarning
assert "Starting in PyTorch 2.9" in str(caught[0].message) and torch.__version__ >= "2.13"

y_true = checkpoint(segment, x, use_reentrant=True)
y_false = checkpoint(segment, x, use_reentrant=False)
print()
for name, y in [("not passed", y_default), ("use_reentrant=True", y_true),
                ("use_reentrant=False", y_false)]:
    print(f"{name:<20} output grad_fn: {type(y.grad_fn).__name__}")
assert type(y_default.grad_fn) is type(y_true.grad_fn) is not type(y_false.grad_fn)

# --8<-- [start:grad]
print()
(g,) = torch.autograd.grad(y_false.sum(), x)                # fine with use_reentrant=False
print("autograd.grad through use_reentrant=False:", [round(v, 4) for v in g.tolist()])
try:
    torch.autograd.grad(y_default.sum(), x)                 # the default is reentrant
except RuntimeError as error:
    print("autograd.grad through the default:", error)
# --8<-- [end:grad]
