"""A hook registered inside the training loop piles up on the parameter, with all it captured."""
import weakref

import torch

torch.manual_seed(0)
batches = [torch.randn(32, 64) for _ in range(5)]
ratios = []


def log_ratio(act):
    """A hook that logs |grad of w| / |activation|: it holds on to `act`."""
    return lambda grad: ratios.append(grad.norm() / act.norm())


def train(remove_each_step):
    ratios.clear()
    w = torch.randn(64, 64, requires_grad=True)  # a fresh parameter, no hooks on it yet
    activations = []
    for x in batches:
        # --8<-- [start:step]
        act = torch.tanh(x @ w)
        handle = w.register_hook(log_ratio(act))  # stored on w, which outlives the step
        act.pow(2).mean().backward()
        if remove_each_step:
            handle.remove()
        # --8<-- [end:step]
        activations.append(weakref.ref(act))
        w.grad = None
        del act, handle
    alive = sum(ref() is not None for ref in activations)
    return alive, len(ratios)


for remove_each_step in [False, True]:
    alive, calls = train(remove_each_step)
    print(f"handle.remove() each step: {remove_each_step!s:5}  "
          f"hook calls in 5 steps: {calls:2}   activations still alive: {alive}")
    if remove_each_step:
        assert (alive, calls) == (0, 5)
    else:
        assert (alive, calls) == (5, 1 + 2 + 3 + 4 + 5)  # step k runs k hooks
