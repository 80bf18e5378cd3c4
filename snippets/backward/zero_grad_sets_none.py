"""Since torch 2.0, zero_grad() sets .grad to None; set_to_none=False writes zeros instead."""
import inspect

import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)

# --8<-- [start:reset]
print("Optimizer.zero_grad default:",
      inspect.signature(torch.optim.Optimizer.zero_grad).parameters["set_to_none"])

model(x).sum().backward()
optimizer.zero_grad()
print("after optimizer.zero_grad():                  weight.grad =", model.weight.grad)
assert model.weight.grad is None

model(x).sum().backward()
optimizer.zero_grad(set_to_none=False)
print("after optimizer.zero_grad(set_to_none=False): weight.grad =", model.weight.grad)
assert torch.equal(model.weight.grad, torch.zeros(1, 3))

model(x).sum().backward()
model.zero_grad()  # nn.Module.zero_grad has the same default
print("after model.zero_grad():                      weight.grad =", model.weight.grad)
assert model.weight.grad is None
# --8<-- [end:reset]

# --8<-- [start:skip]
# None and zeros differ for a parameter that takes part in one step but not in the next
for set_to_none in [False, True]:
    used = torch.tensor([1.0], requires_grad=True)
    sometimes = torch.tensor([1.0], requires_grad=True)
    decaying = torch.optim.SGD([used, sometimes], lr=0.1, weight_decay=0.5)
    (used * 2 + sometimes * 3).sum().backward()   # step 1: both parameters take part
    decaying.step()
    decaying.zero_grad(set_to_none=set_to_none)
    before = sometimes.item()
    (used * 2).sum().backward()                   # step 2: `sometimes` takes no part
    decaying.step()
    print(f"zero_grad(set_to_none={set_to_none!s:5}): sometimes.grad in step 2 = "
          f"{sometimes.grad}, step 2 moved it from {before:.3f} to {sometimes.item():.3f}")
    assert (sometimes.item() == before) == set_to_none  # None: the optimizer skips it
# --8<-- [end:skip]
