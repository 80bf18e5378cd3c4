"""bfloat16 keeps 8 significant bits: small updates vanish, and long sums stop growing unless they accumulate in float32."""
import torch

# --8<-- [start:update]
one = torch.tensor(1.0, dtype=torch.bfloat16)
below = (one - torch.nextafter(one, torch.zeros_like(one))).item()
print(f"spacing of bfloat16 numbers: {below} just below 1.0, "
      f"{torch.finfo(torch.bfloat16).eps} (eps) just above")
for dtype in [torch.bfloat16, torch.float32]:
    gamma = torch.nn.Parameter(torch.ones(4, dtype=dtype))   # a LayerNorm weight starts at 1
    optimizer = torch.optim.SGD([gamma], lr=5e-4)
    for _ in range(100):
        optimizer.zero_grad()
        (gamma * 2.0).sum().backward()                       # gradient 2 on every element
        optimizer.step()                                     # each update is 1e-3
    print(f"{str(dtype).removeprefix('torch.'):<8}: gamma after 100 updates of -0.001 = "
          f"{gamma[0].item():.4f}")
# --8<-- [end:update]
    expected = 1.0 if dtype == torch.bfloat16 else 0.9
    assert abs(gamma[0].item() - expected) < 1e-4

# --8<-- [start:accumulate]
for dtype in [torch.bfloat16, torch.float32]:
    w = torch.zeros(1, dtype=dtype, requires_grad=True)
    for _ in range(1000):                                    # 1000 micro-batches
        (w * 1.0).sum().backward()                           # each adds 1.0 into w.grad
    print(f"{str(dtype).removeprefix('torch.'):<8}: w.grad after 1000 backward calls = "
          f"{w.grad.item():g}")
# --8<-- [end:accumulate]
    assert w.grad.item() == (256 if dtype == torch.bfloat16 else 1000)

# --8<-- [start:loss_sum]
torch.manual_seed(0)
losses = (torch.rand(1_000_000) * 4).to(torch.bfloat16)       # a million per-token losses
exact = losses.double().sum().item()
one_by_one = torch.zeros((), dtype=torch.bfloat16)
for loss in losses[:2_000]:                                 # total += loss, in bfloat16
    one_by_one += loss
running = torch.zeros((), dtype=torch.bfloat16)
for chunk in losses.split(10_000):                           # total += chunk.sum(), 100 times
    running += chunk.sum()
one_call = losses.sum()                                      # one reduction, bfloat16 result
wide = losses.sum(dtype=torch.float32)                       # one reduction, float32 result
print(f"one value at a time, in bfloat16: {one_by_one.item():,.0f} after 2,000 values "
      f"(exact {losses[:2_000].double().sum().item():,.0f})")
for name, value in [("running total of 100 chunk sums", running), ("losses.sum()", one_call),
                    ("losses.sum(dtype=float32)", wide)]:
    error = abs(value.item() - exact) / exact
    print(f"{name:<31} {value.item():>12,.0f}  relative error {error:.1e}")
# --8<-- [end:loss_sum]
assert one_by_one.item() == 1024                             # 1024 + anything below 4 rounds back
assert abs(one_call.item() - exact) / exact < 2**-7         # a few bfloat16 roundings at most
assert abs(wide.item() - exact) / exact < 1e-6
assert abs(running.item() - exact) / exact > 10 * abs(one_call.item() - exact) / exact
