"""Dropping the transpose makes view succeed with the right shape and the wrong values."""
import torch

batch, heads, tokens, dim = 1, 2, 3, 2
attn_out = torch.arange(12.0).view(batch, heads, tokens, dim)
merged = attn_out.view(batch, tokens, heads * dim)      # no error, shape (1, 3, 4)
right = attn_out.transpose(1, 2).reshape(batch, tokens, heads * dim)
print(merged)
print("same as transpose + reshape:", torch.equal(merged, right))
print("token 0 holds head 0's vectors for tokens 0 and 1:", torch.equal(merged[0, 0], attn_out[0, 0, :2].flatten()))
assert merged.shape == right.shape and not torch.equal(merged, right)
