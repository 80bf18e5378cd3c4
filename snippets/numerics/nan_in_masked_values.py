"""A NaN in a masked-out position still reaches the output: the weight is 0, and 0 * NaN is NaN."""
import torch
import torch.nn.functional as F

torch.manual_seed(0)
q, k = torch.randn(1, 3, 4), torch.randn(1, 3, 4)
v = torch.randn(1, 3, 4)
v[0, 2] = float("nan")                          # padding position 2 holds garbage
allowed = torch.tensor([True, True, False]).expand(3, 3)   # nobody attends to position 2

# --8<-- [start:nan]
out = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
print("NaN at a masked position -> NaN in the output:", out.isnan().any().item())
clean = F.scaled_dot_product_attention(q, k, v.masked_fill(~allowed[0, :, None], 0.0),
                                       attn_mask=allowed)
print("zeroed before attention  -> NaN in the output:", clean.isnan().any().item())
print("0.0 * nan =", 0.0 * float("nan"))
# --8<-- [end:nan]
assert out.isnan().any() and not clean.isnan().any()
