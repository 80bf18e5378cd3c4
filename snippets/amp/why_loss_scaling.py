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
    seen = {}
    with torch.autocast("cpu", dtype=dtype or torch.bfloat16, enabled=dtype is not None):
        h = model[0](x)                        # the hidden activation
        out = model[1](h)
    h.register_hook(lambda g: seen.update(h=g.float() / scale))      # record, change nothing
    out.register_hook(lambda g: seen.update(out=g.float() / scale))
    loss = out.float().mean() * 1e-6          # a loss whose gradients are tiny
    (loss * scale).backward()
    return model[0].weight.grad / scale, seen  # unscale, in float32


reference, seen = first_layer_grad(None, 1.0)  # no autocast: float32 throughout
print(f"float32 reference: gradient at the output {seen['out'].abs().max():.1e}, "
      f"at the hidden activation at most {seen['h'].abs().max():.1e}")
results = {}
for dtype, scale in [(torch.float16, 1.0), (torch.float16, 2.0**16), (torch.bfloat16, 1.0)]:
    grad, seen = first_layer_grad(dtype, scale)
    h_zeros = (seen["h"] == 0).float().mean().item()
    zeros = (grad == 0).float().mean().item()
    error = ((grad - reference).norm() / reference.norm()).item()
    print(f"{str(dtype).removeprefix('torch.'):<9} loss x {scale:>7.0f}: hidden gradient "
          f"{h_zeros:4.0%} zero, first layer's weight gradient {zeros:4.0%} zero, "
          f"relative error {error:.3f}")
    results[(dtype, scale)] = (h_zeros, zeros, error)
# --8<-- [end:underflow]
half_subnormal = 2.0**-24 / 2                  # half of float16's smallest subnormal
fp16 = results[(torch.float16, 1.0)]
assert first_layer_grad(None, 1.0)[1]["h"].abs().max() < half_subnormal  # rounds to 0 in fp16
assert fp16[0] == 1.0 and fp16[1] == 1.0        # the hidden gradient flushed, so every weight grad is 0
assert results[(torch.float16, 2.0**16)][:2] == (0, 0) and results[(torch.float16, 2.0**16)][2] < 0.01
assert results[(torch.bfloat16, 1.0)][:2] == (0, 0) and results[(torch.bfloat16, 1.0)][2] < 0.02
