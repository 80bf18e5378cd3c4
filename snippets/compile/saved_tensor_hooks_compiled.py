"""Saved-tensor hooks around a compiled function: the unpack hook's result is used, as in eager."""
import torch

torch.manual_seed(0)


def f(x):
    return x.sin().sum()                         # sin saves x; its backward uses cos(x)


def doubled(t):                                  # an unpack hook that changes the value
    return t * 2


# --8<-- [start:hooks]
x = torch.randn(3, requires_grad=True)
results = {}
for name, fn in [("eager", f), ("compiled", torch.compile(f, backend="aot_eager"))]:
    x.grad = None
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, doubled):
        fn(x).backward()
    results[name] = x.grad.clone()
    print(f"{name:<9} x.grad = {[round(v, 4) for v in x.grad.tolist()]}")
print("cos(2x)           =", [round(v, 4) for v in (2 * x).cos().tolist()])
# --8<-- [end:hooks]
assert torch.allclose(results["eager"], results["compiled"])
assert torch.allclose(results["compiled"], (2 * x).cos())
