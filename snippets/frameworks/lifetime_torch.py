"""PyTorch: the graph holds what backward needs; backward frees it unless retain_graph=True."""
import weakref

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)


def forward():
    h = x**3                                        # an intermediate that w * h saves
    return (w * h).sum(), weakref.ref(h)            # keep only a weak reference to h


def alive(ref):
    return "alive" if ref() is not None else "freed"


# --8<-- [start:lifetime]
y, h = forward()
print("after forward:                  h is", alive(h), "(saved by", type(y.grad_fn.next_functions[0][0]).__name__ + ")")
y.backward()
print("after backward():               h is", alive(h))

y, h = forward()
y.backward(retain_graph=True)
print("after backward(retain_graph):   h is", alive(h))
del y                                               # drop the last reference to the graph
print("after del y:                    h is", alive(h))
# --8<-- [end:lifetime]
assert alive(h) == "freed"
