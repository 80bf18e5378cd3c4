"""After the first scaled iteration, a loss that bypasses scaler.scale() raises nothing: its step shrinks by the scale."""
import copy

import torch

torch.manual_seed(0)
x = torch.randn(2, 4)


def loss_of(model):
    with torch.autocast("cpu", dtype=torch.float16):
        return model(x).float().pow(2).mean()


# --8<-- [start:silent]
model = torch.nn.Linear(4, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
scaler.scale(loss_of(model)).backward()          # iteration 1: scaled, as it should be
scaler.step(optimizer)
scaler.update()

optimizer.zero_grad()
plain = copy.deepcopy(model)                     # the same weights, to take a plain step
before = model.weight.detach().clone()
loss_of(model).backward()                        # iteration 2: scaler.scale() forgotten
scaler.step(optimizer)                           # no error: it divides the gradients by 1024
scaler.update()
step_taken = (model.weight - before).norm().item()

plain_optimizer = torch.optim.SGD(plain.parameters(), lr=0.1)
loss_of(plain).backward()
plain_optimizer.step()                           # the step iteration 2 should have taken
step_expected = (plain.weight.detach() - before).norm().item()
print(f"scale: {scaler.get_scale():.0f}, step taken / step expected: "
      f"1/{step_expected / step_taken:.0f}")
# --8<-- [end:silent]
assert round(step_expected / step_taken) == 1024
