"""A node keeps alive every tensor it saved: a saved input is the tensor itself, a saved output its data."""
import weakref

import torch

x = torch.tensor([0.5, 1.0], requires_grad=True)

# --8<-- [start:input]
h = x * 2
node = h.sin().grad_fn          # keep only the node; sin's result is dropped at once
h_ref = weakref.ref(h)
del h                           # no Python name refers to h any more
kept = h_ref()
print("SinBackward0 saved its input; after del h, h is", "alive" if kept is not None else "freed")
print("  node._saved_self is that same h:", node._saved_self is kept,
      "  and h's grad_fn is still", type(kept.grad_fn).__name__)
# --8<-- [end:input]
assert kept is not None and node._saved_self is kept
assert type(kept.grad_fn).__name__ == "MulBackward0"
del kept

# --8<-- [start:nothing]
h = x * 2
node = (h + 1).grad_fn          # AddBackward0 saves no tensor
h_ref = weakref.ref(h)
del h
print("AddBackward0 saved nothing;  after del h, h is", "alive" if h_ref() is not None else "freed")
# --8<-- [end:nothing]
assert h_ref() is None

# --8<-- [start:output]
y = x.exp()
node = y.grad_fn
y_ref = weakref.ref(y)
del y
print("ExpBackward0 saved its output; after del y, the object y is",
      "alive" if y_ref() is not None else "freed")
print("  but the node still holds its values:",
      torch.equal(node._saved_result, torch.tensor([0.5, 1.0]).exp()))
# --8<-- [end:output]
assert y_ref() is None
assert torch.equal(node._saved_result, torch.tensor([0.5, 1.0]).exp())
