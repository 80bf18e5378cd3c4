"""Activation checkpointing: exact bytes the graph keeps, and how often each block runs forward."""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
WIDTH, HIDDEN, BATCH, DEPTH = 64, 256, 32, 4
blocks = [torch.nn.Sequential(torch.nn.Linear(WIDTH, HIDDEN), torch.nn.GELU(),
                              torch.nn.Linear(HIDDEN, WIDTH)) for _ in range(DEPTH)]
params = [p for b in blocks for p in b.parameters()]
param_storages = {p.untyped_storage().data_ptr() for p in params}
x = torch.randn(BATCH, WIDTH)
forward_calls = [0] * DEPTH


def block(i, h):
    forward_calls[i] += 1
    return h + blocks[i](h)            # a residual MLP block


# --8<-- [start:run]
def run(use_checkpoint):
    held = {}                          # storage -> bytes of every saved activation

    def pack(t):
        if t.untyped_storage().data_ptr() not in param_storages:
            held[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t.detach()

    forward_calls[:] = [0] * DEPTH
    for p in params:
        p.grad = None
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        h = x
        for i in range(DEPTH):
            h = checkpoint(block, i, h, use_reentrant=False) if use_checkpoint else block(i, h)
        loss = h.square().mean()
    after_forward = list(forward_calls)
    loss.backward()
    return sum(held.values()), after_forward, list(forward_calls), [p.grad for p in params]
# --8<-- [end:run]


plain = run(use_checkpoint=False)
ckpt = run(use_checkpoint=True)
print(f"{'':24}{'saved activation bytes':>24}{'block calls, forward':>22}{'after backward':>16}")
for name, (saved, fwd, total, _) in [("no checkpoint", plain), ("checkpoint per block", ckpt)]:
    print(f"{name:<24}{saved:>24,}{str(fwd):>22}{str(total):>16}")
same = all(torch.equal(a, b) for a, b in zip(plain[3], ckpt[3], strict=True))
print("gradients identical:", same)

one_activation = BATCH * WIDTH * 4     # a (32, 64) float32 tensor
assert ckpt[0] == (DEPTH + 1) * one_activation    # each block's input, plus the final output
assert plain[1] == [1] * DEPTH and plain[2] == [1] * DEPTH
assert ckpt[1] == [1] * DEPTH and ckpt[2] == [2] * DEPTH and same
