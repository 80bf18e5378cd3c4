"""Audit an attention mask as the kernel receives it: -inf after the cast, rows with no key left."""
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
B, L, D = 2, 4, 8
padding = torch.tensor([[False, False, False, False],
                        [True, True, False, False]])     # sequence 1 is left-padded by two tokens
causal = torch.ones(L, L, dtype=torch.bool).tril()
allowed = causal & ~padding[:, None, None, :]            # (B, 1, L, L): True = may attend

# --8<-- [start:build]
low = torch.finfo(torch.float32).min                     # "a large finite value", in float32
additive = (torch.zeros(B, 1, L, L).masked_fill(~causal, low)
            + torch.zeros(B, 1, 1, L).masked_fill(padding[:, None, None, :], low))
# --8<-- [end:build]


# --8<-- [start:audit]
def audit(mask, dtype, shape=(B, 1, L, L)):
    """What the attention kernel will see: the mask cast to the query's dtype and broadcast."""
    seen = mask.to(dtype).expand(shape) if mask.dtype != torch.bool else mask.expand(shape)
    blocked = ~seen if seen.dtype == torch.bool else seen.isneginf() | (seen == torch.finfo(dtype).min)
    return {"-inf entries": int(seen.isinf().sum()) if seen.dtype != torch.bool else 0,
            "rows with no key left": int(blocked.all(-1).sum())}
# --8<-- [end:audit]


print("float32 mask, checked in float32: ", audit(additive, torch.float32))
print("float32 mask, seen by a bf16 query:", audit(additive, torch.bfloat16))
assert audit(additive, torch.float32)["-inf entries"] == 1      # min + min overflows once
assert audit(additive, torch.bfloat16)["-inf entries"] == int((~allowed).sum())
assert audit(additive, torch.bfloat16)["rows with no key left"] == 2

# Where a fully -inf row leads: softmax over it is 0/0, and the anomaly check names the node.
q, k, v = (torch.randn(B, 1, L, D, dtype=torch.bfloat16, requires_grad=True) for _ in range(3))
bf16_mask = additive.to(torch.bfloat16)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")                      # anomaly mode's own warnings
    try:
        with torch.autograd.detect_anomaly():
            scores = q @ k.transpose(-1, -2) / D**0.5 + bf16_mask
            (scores.softmax(-1) @ v).sum().backward()
    except RuntimeError as err:
        print("hand-written attention:", str(err).split("\n")[0])
    else:
        raise AssertionError("expected a NaN in backward")

# The CPU kernels special-case a row with no key left: zeros out, finite gradients.
for t in (q, k, v):
    t.grad = None
out = F.scaled_dot_product_attention(q, k, v, attn_mask=bf16_mask)
out.float().sum().backward()
print(f"CPU SDPA ({out.grad_fn.name()}): rows with no key are zero:",
      bool((out[1, 0, :2] == 0).all()), " NaN in q.grad:", bool(q.grad.isnan().any()))
assert not q.grad.isnan().any()

# --8<-- [start:fix]
fixed = allowed | (~allowed.any(-1, keepdim=True) & torch.eye(L, dtype=torch.bool))
fixed_additive = torch.where(fixed, 0.0, torch.finfo(torch.bfloat16).min).to(torch.bfloat16)
# --8<-- [end:fix]
print("fixed boolean mask:                ", audit(fixed, torch.bfloat16))
print("fixed additive mask, in bf16:      ", audit(fixed_additive, torch.bfloat16))
assert audit(fixed, torch.bfloat16) == audit(fixed_additive, torch.bfloat16) == {
    "-inf entries": 0, "rows with no key left": 0}
