# snippet: raises=RuntimeError
"""After transpose, (heads, dim) are no longer next to each other in memory: view cannot merge them."""
import torch

batch, heads, tokens, dim = 1, 2, 3, 2
attn_out = torch.arange(12.0).view(batch, heads, tokens, dim)
merged = attn_out.transpose(1, 2).view(batch, tokens, heads * dim)
