"""reshape (or contiguous().view) copies when it must: each token gets its own heads' values."""
import torch

batch, heads, tokens, dim = 1, 2, 3, 2
attn_out = torch.arange(12.0).view(batch, heads, tokens, dim)
merged = attn_out.transpose(1, 2).reshape(batch, tokens, heads * dim)
print(merged)
for t in range(tokens):           # token t = [head 0's vector, head 1's vector]
    assert torch.equal(merged[0, t], torch.cat([attn_out[0, 0, t], attn_out[0, 1, t]]))
print("token t holds head 0's and head 1's vectors for token t: True")
