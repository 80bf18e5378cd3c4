"""What save_for_backward does that a ctx attribute does not: no reference cycle, hooks, freeing."""
import gc
import weakref

import torch


class ExpSaved(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.exp()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output)          # save the *output*: d/dx exp(x) = exp(x)

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * y


class ExpAttr(ExpSaved):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.y = output                         # output -> grad_fn (ctx) -> output: a cycle

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.y


gc.disable()   # make the cycle visible: only the cycle collector could free it
# --8<-- [start:cycle]
print("1. Is the output freed as soon as the last name for it goes away?")
for fn in (ExpSaved, ExpAttr):
    x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
    y = fn.apply(x)
    ref = weakref.ref(y)
    del y
    alive = ref() is not None
    gc.collect()
    print(f"   {fn.__name__:<8} alive after del: {alive!s:5}  alive after gc.collect(): {ref() is not None}")
    assert alive == (fn is ExpAttr) and ref() is None
# --8<-- [end:cycle]
gc.enable()

# --8<-- [start:hooks]
print("2. Does saved_tensors_hooks see the tensor (what checkpointing and offloading rely on)?")
packed = []


def pack(t):
    packed.append(t.shape)
    return t


for fn in (ExpSaved, ExpAttr):
    packed.clear()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = fn.apply(torch.tensor([0.0, 1.0, 2.0], requires_grad=True))
    print(f"   {fn.__name__:<8} pack hook called {len(packed)} time(s)")
    assert len(packed) == (1 if fn is ExpSaved else 0)
# --8<-- [end:hooks]

# --8<-- [start:free]
print("3. After backward(), is the tensor released?")
y = ExpSaved.apply(torch.tensor([0.0, 1.0, 2.0], requires_grad=True))
y.sum().backward()
try:
    y.grad_fn.saved_tensors
except RuntimeError as err:
    print("   ExpSaved: reading saved_tensors raises:", str(err)[:58], "...")
y = ExpAttr.apply(torch.tensor([0.0, 1.0, 2.0], requires_grad=True))
y.sum().backward()
print("   ExpAttr:  ctx.y is still held by the node:", y.grad_fn.y)
assert isinstance(y.grad_fn.y, torch.Tensor)
# --8<-- [end:free]
