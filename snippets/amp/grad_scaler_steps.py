"""GradScaler: a step whose gradients overflow is skipped and the scale halves; scaler.step unscales first."""
import torch

torch.manual_seed(0)
x = torch.randn(2, 4)

# --8<-- [start:skip]
model = torch.nn.Linear(4, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")                 # init_scale=2**16 by default
for step in range(4):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        out = model(x)
    loss = 2 * out.float().sum()
    scale = scaler.get_scale()
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)                      # divide the gradients by the scale, in place
    finite = all(torch.isfinite(p.grad).all() for p in model.parameters())
    before = model.weight.detach().clone()
    scaler.step(optimizer)                          # skipped if any gradient is inf or NaN
    scaler.update()                                 # halve the scale after a skipped step
    moved = not torch.equal(before, model.weight)
    print(f"step {step}: scale {scale:7.0f}  gradients finite: {finite!s:5}  "
          f"weights moved: {moved!s:5}  next scale {scaler.get_scale():7.0f}")
    assert moved == finite
# --8<-- [end:skip]
assert scaler.get_scale() == 2.0**13


# --8<-- [start:unscale]
def one_step(use_scaler):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 3)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu", init_scale=1024.0, enabled=use_scaler)
    with torch.autocast("cpu", dtype=torch.float16):
        out = model(x)
    loss = out.float().pow(2).mean()
    scaler.scale(loss).backward()               # enabled=False: scale() returns the loss itself
    grad_norm = model.weight.grad.norm().item()
    scaler.step(optimizer)                      # unscales first (no unscale_ was called), then steps
    return grad_norm, model.weight.detach().clone()


norm_scaled, after_scaled = one_step(use_scaler=True)
norm_plain, after_plain = one_step(use_scaler=False)
print(f"weight.grad norm after backward: {norm_scaled:.0f} with the scaler, "
      f"{norm_plain:.2f} without ({norm_scaled / norm_plain:.0f} times larger)")
print("weights after scaler.step equal those of a plain step:", torch.equal(after_scaled, after_plain))
# --8<-- [end:unscale]
assert round(norm_scaled / norm_plain) == 1024 and torch.equal(after_scaled, after_plain)


# --8<-- [start:bypass]
def step_size(optimizer_class, bypass):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 3)
    optimizer = optimizer_class(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
    before = model.weight.detach().clone()
    with torch.autocast("cpu", dtype=torch.float16):
        out = model(x)
    scaler.scale(out.float().pow(2).mean()).backward()
    if bypass:
        optimizer.step()                        # the scaled gradients go straight in
    else:
        scaler.step(optimizer)
    return (model.weight - before).norm().item()


for optimizer_class in [torch.optim.SGD, torch.optim.Adam]:
    ratio = step_size(optimizer_class, bypass=True) / step_size(optimizer_class, bypass=False)
    print(f"{optimizer_class.__name__:<4}: optimizer.step() instead of scaler.step(): "
          f"step {ratio:.2f} times the right one")
    assert round(ratio) == (1024 if optimizer_class is torch.optim.SGD else 1)
# --8<-- [end:bypass]

# --8<-- [start:clip]
torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
with torch.autocast("cpu", dtype=torch.float16):
    loss = model(x).float().pow(2).mean()
scaler.scale(loss).backward()
seen_before = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf"))  # measures only
scaler.unscale_(optimizer)
seen_after = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
scaler.step(optimizer)                          # does not unscale a second time
scaler.update()
print(f"total gradient norm seen by clipping: {seen_before:.0f} before unscale_, "
      f"{seen_after:.2f} after")
# --8<-- [end:clip]
assert round((seen_before / seen_after).item()) == 1024
