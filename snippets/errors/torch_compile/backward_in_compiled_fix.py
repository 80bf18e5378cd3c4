"""Compile the forward and loss, call backward outside: AOTAutograd still compiles the backward graph."""
import copy

import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
reference = copy.deepcopy(model)
x, y = torch.randn(4, 3), torch.randn(4, 1)


def compute_loss(model, x, y):
    return ((model(x) - y) ** 2).mean()


compiled_loss = torch.compile(compute_loss, backend="aot_eager", fullgraph=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model.weight.detach().clone()

loss = compiled_loss(model, x, y)
loss.backward()                                    # plain Python, outside the compiled region
compute_loss(reference, x, y).backward()           # eager, for comparison
print("loss.grad_fn:", type(loss.grad_fn).__name__)
print("weight grad equals eager:", torch.allclose(model.weight.grad, reference.weight.grad))
opt.step()
print("weights changed by the step:", not torch.equal(model.weight, before))
assert torch.allclose(model.weight.grad, reference.weight.grad) and not torch.equal(model.weight, before)
