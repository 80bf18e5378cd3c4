"""Selective activation checkpointing: save the matmuls, recompute the cheap pointwise ops."""
import functools
from collections import Counter

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils.checkpoint import (
    CheckpointPolicy,
    checkpoint,
    create_selective_checkpoint_contexts,
)

aten = torch.ops.aten


class CountOps(TorchDispatchMode):               # counts every aten op that runs while active
    def __init__(self):
        super().__init__()
        self.calls = Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.calls[func.overloadpacket.__name__] += 1
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
w1 = torch.randn(64, 256, requires_grad=True)
w2 = torch.randn(256, 64, requires_grad=True)
x = torch.randn(32, 64, requires_grad=True)


def block(x):
    return torch.tanh(torch.relu(x @ w1) @ w2)


# --8<-- [start:policy]
def save_matmuls(ctx, op, *args, **kwargs):
    if op in (aten.mm.default, aten.addmm.default):
        return CheckpointPolicy.MUST_SAVE
    return CheckpointPolicy.PREFER_RECOMPUTE


selective = functools.partial(create_selective_checkpoint_contexts, save_matmuls)
y = checkpoint(block, x, use_reentrant=False, context_fn=selective)
# --8<-- [end:policy]

counts = {}
for name, kwargs in (("full checkpoint", {}), ("selective", {"context_fn": selective})):
    y = checkpoint(block, x, use_reentrant=False, **kwargs)
    with CountOps() as mode:
        y.sum().backward()
    counts[name] = mode.calls
print(f"{'ops run during backward':<24}{'mm':>4}{'relu':>6}{'tanh':>6}")
for name, calls in counts.items():
    print(f"{name:<24}{calls['mm']:>4}{calls['relu']:>6}{calls['tanh']:>6}")
# The backward itself needs 4 matmuls (two per linear map); full checkpointing adds the 2 forward ones.
assert counts["full checkpoint"]["mm"] == 6 and counts["selective"]["mm"] == 4
assert all(calls["relu"] == 1 and calls["tanh"] == 1 for calls in counts.values())

# --8<-- [start:batchnorm]
bn = torch.nn.BatchNorm1d(4)
out = checkpoint(bn, torch.randn(8, 4, requires_grad=True), use_reentrant=False)
after_forward = bn.num_batches_tracked.item()
mean_after_forward = bn.running_mean.clone()
out.sum().backward()                             # the recomputation runs bn's forward again
print(f"\nBatchNorm batches tracked: {after_forward} after forward, "
      f"{bn.num_batches_tracked.item()} after backward")
# --8<-- [end:batchnorm]
assert (after_forward, bn.num_batches_tracked.item()) == (1, 2)
assert not torch.equal(bn.running_mean, mean_after_forward)   # the running mean moved again too
