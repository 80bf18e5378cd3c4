"""nn.Embedding(sparse=True) produces a sparse gradient with one entry per looked-up index."""
import torch
from torch import nn

torch.manual_seed(0)
# --8<-- [start:sparse]
embedding = nn.Embedding(1000, 8, sparse=True)
embedding(torch.tensor([3, 7, 7])).sum().backward()
grad = embedding.weight.grad
print(f"weight.grad: sparse={grad.is_sparse}, {grad._nnz()} stored rows for indices "
      f"{grad.coalesce().indices().tolist()[0]}")
before = embedding.weight.detach().clone()
torch.optim.SparseAdam(embedding.parameters(), lr=0.01).step()
changed = (embedding.weight != before).any(dim=1).nonzero().flatten().tolist()
print("SparseAdam updated rows:", changed)
# --8<-- [end:sparse]
assert grad.is_sparse and changed == [3, 7]
