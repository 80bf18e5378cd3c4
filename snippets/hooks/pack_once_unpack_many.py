"""pack runs once when a tensor is saved; unpack runs every time the saved tensor is read."""
import torch

calls = {"pack": 0, "unpack": 0}


# --8<-- [start:hooks]
def pack(t):
    calls["pack"] += 1
    return t.detach()              # never return the input itself: that would form a cycle


def unpack(packed):
    calls["unpack"] += 1
    return packed


x = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    a = x.sin()                    # SinBackward0 saves x
    b = x.cos()                    # CosBackward0 saves x again: a second pack
    loss = (a * b).sum()           # MulBackward0 saves a and b
# --8<-- [end:hooks]


def report(step):
    print(f"{step:<34} pack={calls['pack']}  unpack={calls['unpack']}")
    seen = (calls["pack"], calls["unpack"])
    calls.update(pack=0, unpack=0)
    return seen


assert report("forward") == (4, 0)
# --8<-- [start:unpack]
loss.backward(retain_graph=True)
assert report("backward #1") == (0, 4)
loss.backward(retain_graph=True)
assert report("backward #2 (same graph)") == (0, 4)
mul = loss.grad_fn.next_functions[0][0]
mul._saved_self                    # reading a saved tensor by hand unpacks it too
assert report("reading MulBackward0._saved_self") == (0, 1)
# --8<-- [end:unpack]
