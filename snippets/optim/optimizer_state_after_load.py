# snippet: raises=RuntimeError
"""load_state_dict casts the state to each parameter's dtype and device as they are then; move the model first."""
import torch
from torch import nn

torch.manual_seed(0)
source = nn.Linear(2, 2)
source_optimizer = torch.optim.Adam(source.parameters())
source(torch.randn(1, 2)).sum().backward()
source_optimizer.step()
saved = source_optimizer.state_dict()                  # float32 state

# move, then load: the state follows the parameters (float64 stands for a GPU here)
model = nn.Linear(2, 2).to(torch.float64)
optimizer = torch.optim.Adam(model.parameters())
optimizer.load_state_dict(saved)
state = optimizer.state[model.weight]
print("move, then load: exp_avg is", state["exp_avg"].dtype, "  step is", state["step"].dtype)
assert state["exp_avg"].dtype == torch.float64 and state["step"].dtype == torch.float32

# load, then move: the state stays where it was loaded
model = nn.Linear(2, 2)
optimizer = torch.optim.Adam(model.parameters())
optimizer.load_state_dict(saved)
model.to(torch.float64)
print("load, then move: exp_avg is", optimizer.state[model.weight]["exp_avg"].dtype,
      "while weight is", model.weight.dtype)
model(torch.randn(1, 2, dtype=torch.float64)).sum().backward()
optimizer.step()
