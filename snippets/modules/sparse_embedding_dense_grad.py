# snippet: raises=RuntimeError
"""nn.Embedding's gradient is dense by default, and SparseAdam accepts only sparse gradients."""
import torch
from torch import nn

torch.manual_seed(0)
embedding = nn.Embedding(1000, 8)                  # sparse=False, the default
embedding(torch.tensor([3, 7, 7])).sum().backward()
grad = embedding.weight.grad
print(f"weight.grad: sparse={grad.is_sparse}, shape {tuple(grad.shape)}, "
      f"non-zero rows {int((grad != 0).any(dim=1).sum())}")
torch.optim.SparseAdam(embedding.parameters()).step()
