"""backward(create_graph=True) ties a leaf and its .grad in a cycle that gc cannot collect."""
import gc
import warnings
import weakref

import torch


def step(how):
    x = torch.randn(1000, requires_grad=True)
    loss = x.pow(3).sum()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # --8<-- [start:variants]
        if how == "backward(create_graph=True)":
            loss.backward(create_graph=True)   # x.grad has a grad_fn that leads back to x
        elif how == "... then x.grad = None":
            loss.backward(create_graph=True)
            x.grad = None                      # break the cycle by hand
        elif how == "autograd.grad(create_graph=True)":
            (g,) = torch.autograd.grad(loss, x, create_graph=True)  # returned, not stored on x
        # --8<-- [end:variants]
    return weakref.ref(x), caught


for how in ["backward(create_graph=True)", "... then x.grad = None",
            "autograd.grad(create_graph=True)"]:
    x_ref, caught = step(how)
    gc.collect()
    alive = x_ref() is not None
    print(f"{how:<34} x alive after return and gc.collect(): {alive}")
    assert alive == (how == "backward(create_graph=True)")
    if caught:
        warning = str(caught[0].message).split(" (Triggered")[0]
        assert "reference cycle" in warning
print("\nwarning:", warning)
