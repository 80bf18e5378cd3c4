"""A region compiled under autocast: the backward, run outside the region, follows the forward's dtypes."""
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
    fn(x).backward()                                     # backward outside any autocast
    grads[name] = layer.weight.grad.clone()
print("compiled gradients equal eager, bit for bit:", torch.equal(grads["eager"], grads["compiled"]))
# --8<-- [end:autocast]
assert torch.equal(grads["eager"], grads["compiled"])
