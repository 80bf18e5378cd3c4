"""A zero gradient is still a gradient: Adam's running averages move the parameter; only a None gradient is skipped."""
import torch
from torch import nn

torch.manual_seed(0)

# --8<-- [start:embedding]
embedding = nn.Embedding(4, 2)
adam = torch.optim.Adam(embedding.parameters(), lr=0.1)
for step, ids in enumerate([torch.tensor([1]), torch.tensor([2])]):
    adam.zero_grad()
    before = embedding.weight.detach().clone()
    embedding(ids).sum().backward()
    adam.step()
    zero_grad_rows = (embedding.weight.grad == 0).all(dim=1).nonzero().flatten().tolist()
    moved = (embedding.weight != before).any(dim=1).nonzero().flatten().tolist()
    print(f"step {step}: looked up {ids.tolist()}, rows with zero gradient {zero_grad_rows}, "
          f"rows moved {moved}")
# --8<-- [end:embedding]
assert moved == [1, 2]                                   # row 1 had a zero gradient in step 1

# --8<-- [start:frozen]
w = nn.Parameter(torch.ones(2))
adam = torch.optim.Adam([w], lr=0.1)
(w * 3).sum().backward()
adam.step()
adam.zero_grad(set_to_none=False)                        # w.grad is now a tensor of zeros
w.requires_grad_(False)                                  # "frozen" after one step
before = w.detach().clone()
adam.step()
print("frozen, grad =", w.grad.tolist(), "-> moved:", not torch.equal(before, w))
w.grad = None                                            # what zero_grad() does by default
before = w.detach().clone()
adam.step()
print("frozen, grad = None -> moved:", not torch.equal(before, w))
# --8<-- [end:frozen]
assert torch.equal(before, w)
