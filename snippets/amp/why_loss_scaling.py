"""Small gradients flush to zero in float16; multiplying the loss by a scale keeps them, and bfloat16 never needed it."""
import torch

# --8<-- [start:ranges]
print(f"{'dtype':<9} {'largest':>10} {'smallest normal':>16} {'smallest subnormal':>19} {'eps':>10}")
for dtype in [torch.float16, torch.bfloat16, torch.float32]:
    info = torch.finfo(dtype)
    subnormal = torch.nextafter(torch.zeros((), dtype=dtype), torch.ones((), dtype=dtype)).item()
    print(f"{str(dtype).removeprefix('torch.'):<9} {info.max:>10.3g} {info.tiny:>16.3g} "
          f"{subnormal:>19.3g} {info.eps:>10.3g}")
# --8<-- [end:ranges]

torch.manual_seed(0)
x = torch.randn(8, 16)


# --8<-- [start:underflow]
def first_layer_grad(dtype, scale):
    model = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Linear(16, 1))
    torch.manual_seed(1)
    for p in model.parameters():
        torch.nn.init.normal_(p, std=0.1)
    with torch.autocast("cpu", dtype=dtype or torch.bfloat16, enabled=dtype is not None):
        out = model(x)
    loss = out.float().mean() * 1e-6          # a loss whose gradients are tiny
    (loss * scale).backward()
    return model[0].weight.grad / scale        # unscale, in float32


reference = first_layer_grad(None, 1.0)            # no autocast: float32 throughout
results = {}
for dtype, scale in [(torch.float16, 1.0), (torch.float16, 2.0**16), (torch.bfloat16, 1.0)]:
    grad = first_layer_grad(dtype, scale)
    zeros = (grad == 0).float().mean().item()
    error = ((grad - reference).norm() / reference.norm()).item()
    print(f"{str(dtype).removeprefix('torch.'):<9} loss x {scale:>7.0f}: "
          f"{zeros:4.0%} of the first layer's gradient is 0, relative error {error:.3f}")
    results[(dtype, scale)] = (zeros, error)
# --8<-- [end:underflow]
assert results[(torch.float16, 1.0)][0] == 1.0                 # every gradient flushed to zero
assert results[(torch.float16, 2.0**16)][0] == 0 and results[(torch.float16, 2.0**16)][1] < 0.01
assert results[(torch.bfloat16, 1.0)][0] == 0 and results[(torch.bfloat16, 1.0)][1] < 0.02
