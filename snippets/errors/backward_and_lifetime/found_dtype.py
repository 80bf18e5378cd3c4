# snippet: raises=RuntimeError
"""A float64 target from NumPy: huber_loss runs forward, its backward kernel refuses the mix."""
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
target = torch.from_numpy(np.ones((4, 1)))   # NumPy's default dtype: float64
loss = F.huber_loss(model(torch.randn(4, 3)), target)
print("target:", target.dtype, "| loss:", loss.dtype)
loss.backward()
