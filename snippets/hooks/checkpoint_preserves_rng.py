"""Dropout in a checkpointed segment: preserve_rng_state=True replays the same mask in the recomputation."""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
w = torch.randn(16, 16, requires_grad=True)
x = torch.randn(8, 16)
masks = []                                 # the dropout mask of every run of the segment


def segment(x):
    out = torch.nn.functional.dropout(torch.tanh(x @ w), p=0.5, training=True)
    masks.append(out.detach() != 0)
    return out


def grad_of_w(run):
    torch.manual_seed(1)                   # the same RNG state before every forward
    w.grad = None
    masks.clear()
    run(x).square().sum().backward()
    return w.grad.clone()


# --8<-- [start:compare]
plain = grad_of_w(segment)
for preserve in (True, False):
    checkpointed = grad_of_w(lambda x, preserve=preserve: checkpoint(
        segment, x, use_reentrant=False, preserve_rng_state=preserve,
        early_stop=False))                             # recompute the whole segment, append too
    forward_mask, recomputed_mask = masks              # the segment ran twice
    same_mask = torch.equal(forward_mask, recomputed_mask)
    same_grad = torch.allclose(checkpointed, plain)
    print(f"preserve_rng_state={preserve!s:<5}  recomputed mask == forward mask: {same_mask!s:<5}  "
          f"gradient == uncheckpointed gradient: {same_grad}")
    assert same_mask == same_grad == preserve
# --8<-- [end:compare]
