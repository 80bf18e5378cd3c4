# snippet: raises=RuntimeError
"""A hidden state carried into the next step still leads into the previous step's freed graph."""
import torch

torch.manual_seed(0)
cell = torch.nn.RNNCell(2, 3)
h = torch.zeros(1, 3)
for step in range(1, 3):
    h = cell(torch.randn(1, 2), h)   # the new h is computed from the old h
    loss = h.pow(2).sum()
    loss.backward()                  # step 2 walks on into step 1's graph, already freed
    print(f"step {step}: backward ok")
