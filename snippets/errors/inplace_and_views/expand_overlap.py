# snippet: raises=RuntimeError
"""expand makes every row point at the same memory; an in-place add would write each element several times."""
import torch

bias = torch.zeros(1, 4).expand(3, 4)       # 3 rows, one row of memory (stride 0)
bias += torch.arange(12.0).view(3, 4)
