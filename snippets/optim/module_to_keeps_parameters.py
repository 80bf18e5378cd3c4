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

# --8<-- [start:stateful]
torch.manual_seed(0)
model = nn.Linear(2, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
model(torch.randn(3, 2)).sum().backward()
optimizer.step()                                             # creates exp_avg, exp_avg_sq
model.to(torch.float64)                                      # moves parameters, not the state
print("after one step and .to(float64): exp_avg is",
      optimizer.state[model.weight]["exp_avg"].dtype)
model(torch.randn(3, 2, dtype=torch.float64)).sum().backward()
try:
    optimizer.step()
except RuntimeError as error:
    print("next step: RuntimeError:", error)
optimizer.load_state_dict(optimizer.state_dict())            # recast the state to the params
print("after a state_dict() round trip: exp_avg is",
      optimizer.state[model.weight]["exp_avg"].dtype)
optimizer.step()
# --8<-- [end:stateful]
assert optimizer.state[model.weight]["exp_avg"].dtype == torch.float64

# --8<-- [start:meta]
with torch.device("meta"):
    model = nn.Linear(2, 2)                                  # built without memory
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.to_empty(device="cpu")
print("meta -> to_empty(cpu): optimizer holds model.weight:",
      optimizer.param_groups[0]["params"][0] is model.weight)
# --8<-- [end:meta]
assert optimizer.param_groups[0]["params"][0] is not model.weight
