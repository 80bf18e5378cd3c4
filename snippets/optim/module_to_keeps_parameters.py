"""Module.to() converts parameters in place: the optimizer built before it still holds the model's parameters."""
import torch
from torch import nn

torch.manual_seed(0)

# --8<-- [start:to]
model = nn.Linear(2, 2)
before = [id(p) for p in model.parameters()]
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)     # built before the move
model.to(torch.float64)                                      # stands for .to("cuda") here
print("same Parameter objects after .to():", before == [id(p) for p in model.parameters()])
print("the optimizer's first parameter:", optimizer.param_groups[0]["params"][0].dtype)
w0 = model.weight.detach().clone()
model(torch.randn(3, 2, dtype=torch.float64)).sum().backward()
optimizer.step()
print("the step moved the model's weight:", not torch.equal(w0, model.weight))
# --8<-- [end:to]
assert before == [id(p) for p in model.parameters()] and not torch.equal(w0, model.weight)

# --8<-- [start:future]
torch.__future__.set_overwrite_module_params_on_conversion(True)   # the other behaviour
model = nn.Linear(2, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.to(torch.float64)
print("with overwrite_module_params_on_conversion: optimizer holds model.weight:",
      optimizer.param_groups[0]["params"][0] is model.weight)
torch.__future__.set_overwrite_module_params_on_conversion(False)
# --8<-- [end:future]
