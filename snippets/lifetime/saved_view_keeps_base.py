"""A node that saved a small view keeps the whole storage of its base alive."""
import torch

# --8<-- [start:view]
big = torch.ones(1000, requires_grad=True) * 1     # 1000 float32 values: 4000 bytes
head = big[:10]                                     # a view of 10 of them
out = head.sin()                                    # SinBackward0 saves the view
del big, head
saved = out.grad_fn._saved_self
print("saved tensor:", tuple(saved.shape), f"({saved.numel() * saved.element_size()} bytes of values)",
      " storage it keeps alive:", saved.untyped_storage().nbytes(), "bytes")
# --8<-- [end:view]
assert saved.shape == (10,) and saved.untyped_storage().nbytes() == 4000

# --8<-- [start:clone]
big = torch.ones(1000, requires_grad=True) * 1
out = big[:10].clone().sin()                        # the clone has storage of its own
del big
print("after .clone():", out.grad_fn._saved_self.untyped_storage().nbytes(), "bytes")
# --8<-- [end:clone]
assert out.grad_fn._saved_self.untyped_storage().nbytes() == 40
