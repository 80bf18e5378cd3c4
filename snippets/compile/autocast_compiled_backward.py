"""Autocast and the compiled backward: traced under the autocast state around the first call."""
import torch

torch.manual_seed(0)
layer = torch.nn.Linear(4, 4)
x = torch.randn(2, 4)


# --8<-- [start:autocast]
def loss_fn(x):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        h = layer(x)                                     # bfloat16
        with torch.autocast("cpu", enabled=False):
            h = layer(h.float())                         # float32, autocast off inside
    return h.pow(2).sum()


grads = {}
for name, fn in [("eager", loss_fn), ("compiled", torch.compile(loss_fn, backend="aot_eager"))]:
    layer.zero_grad()
    fn(x).backward()                                     # called and differentiated outside autocast
    grads[name] = layer.weight.grad.clone()
print("autocast inside the region: compiled equals eager, bit for bit:",
      torch.equal(grads["eager"], grads["compiled"]))
# --8<-- [end:autocast]
assert torch.equal(grads["eager"], grads["compiled"])


# --8<-- [start:outer]
def region(x):
    with torch.autocast("cpu", enabled=False):
        return layer(x.float()).pow(2).sum()             # float32, autocast off inside


def gradient(fn):
    layer.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):    # autocast around the call
        loss = fn(x)
    loss.backward()                                      # backward outside autocast
    return layer.weight.grad.clone()


default = torch._functorch.config.backward_pass_autocast
print("default backward_pass_autocast:", repr(default))
eager = gradient(region)
same = {}
for mode in ["same_as_forward", "off"]:
    torch._dynamo.reset()
    torch._functorch.config.backward_pass_autocast = mode
    same[mode] = torch.equal(eager, gradient(torch.compile(region, backend="aot_eager")))
    print(f"autocast around the call, backward_pass_autocast={mode!r}: equals eager:", same[mode])
# --8<-- [end:outer]
assert default == "same_as_forward"
assert same == {"same_as_forward": False, "off": True}
