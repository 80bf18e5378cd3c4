"""A weight tied between two layers is one parameter: one AccumulateGrad, one gradient that sums both uses, one update."""
import torch
from torch import nn

torch.manual_seed(0)
embedding = nn.Embedding(5, 3)
head = nn.Linear(3, 5, bias=False)
head.weight = embedding.weight                    # tie: the same Parameter object
model = nn.ModuleDict({"embedding": embedding, "head": head})
ids = torch.tensor([1, 2, 2])

# --8<-- [start:tied]
print("parameters in the model:", len(list(model.parameters())))
logits = head(embedding(ids))
logits.sum().backward()
total = embedding.weight.grad.clone()

# the two uses, one at a time
embedding.weight.grad = None
head(embedding(ids).detach()).sum().backward()
as_head = embedding.weight.grad.clone()
embedding.weight.grad = None
(embedding(ids) @ embedding.weight.detach().T).sum().backward()
as_embedding = embedding.weight.grad.clone()
print("gradient = gradient as head + gradient as embedding:",
      torch.allclose(total, as_head + as_embedding))

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
embedding.weight.grad = total
before = embedding.weight.detach().clone()
optimizer.step()
print("one step moved the weight by lr * total gradient:",
      torch.allclose(before - embedding.weight, 0.1 * total))
# --8<-- [end:tied]
assert len(list(model.parameters())) == 1
assert torch.allclose(total, as_head + as_embedding)
