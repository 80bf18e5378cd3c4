"""A hook keeps alive whatever its closure refers to, for as long as the hook is registered."""
import gc
import weakref

import torch

torch.manual_seed(0)
batches = [torch.randn(64, 256) for _ in range(3)]


def train(remove_hooks):
    w = torch.nn.Parameter(torch.randn(256, 256, generator=torch.Generator().manual_seed(1)))
    stats, alive = [], []
    for batch in batches:
        stats.clear()
        h = torch.tanh(batch @ w)                # a (64, 256) activation: 65,536 bytes
        loss = h.square().mean()
        # --8<-- [start:leak]
        # log |grad w| / |activation| for this step; `h=h` binds this step's activation
        handle = w.register_hook(lambda g, h=h: stats.append((g.norm() / h.norm()).item()))
        loss.backward()
        if remove_hooks:
            handle.remove()                      # the hook, and what it holds, can go
        # --8<-- [end:leak]
        alive.append(weakref.ref(h))             # a weak reference keeps nothing alive
        w.grad = None
    del h, loss
    gc.collect()
    kept = [ref() for ref in alive if ref() is not None]
    return len(stats), len(kept), sum(t.nbytes for t in kept)   # stats: calls in the last step


for remove_hooks in (False, True):
    hooks, kept, nbytes = train(remove_hooks)
    print(f"handle.remove() each step: {remove_hooks!s:<5}  hooks that ran in step 3: {hooks}  "
          f"activations still alive: {kept} ({nbytes:,} bytes)")
    assert (hooks, kept) == ((1, 0) if remove_hooks else (3, 3))
