"""With reentrant checkpointing, a parameter used inside and outside the segment gets two accumulations."""
import torch
from torch.utils.checkpoint import checkpoint

# --8<-- [start:twice]
for use_reentrant in (True, False):
    w = torch.tensor([2.0], requires_grad=True)
    seen = []
    w.register_post_accumulate_grad_hook(lambda p, seen=seen: seen.append(p.grad.item()))
    x = torch.tensor([3.0], requires_grad=True)
    inside = checkpoint(lambda t, w=w: t * w, x, use_reentrant=use_reentrant)  # uses w: d/dw = 3
    loss = (inside + w * 5).sum()                                         # uses w again: d/dw = 5
    loss.backward()
    print(f"use_reentrant={use_reentrant!s:<5}  post-accumulate-grad hook saw w.grad = {seen}")
# --8<-- [end:twice]
    assert seen == ([5.0, 8.0] if use_reentrant else [8.0])
