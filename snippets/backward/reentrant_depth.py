"""A backward inside a backward is reentrant; past 60 nested levels the engine moves on to another thread."""
import threading

import torch

LEVELS = 130
ran_on = []                                          # (reentrant depth, thread ident), one per level


# --8<-- [start:nested]
class Nested(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, level):
        ctx.level = level
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        ran_on.append((LEVELS - ctx.level, threading.get_ident()))
        if ctx.level > 0:                            # a backward call inside this backward
            inner = torch.zeros((), requires_grad=True)
            with torch.enable_grad():                # backward runs with grad mode off
                Nested.apply(inner, ctx.level - 1).backward()
        return grad, None


x = torch.zeros((), requires_grad=True)
Nested.apply(x, LEVELS).backward()                   # depth 0: an ordinary backward call
# --8<-- [end:nested]

caller = threading.get_ident()
names = {caller: "the calling thread"}
runs = []                                            # consecutive depths on the same thread
for depth, ident in ran_on:
    names.setdefault(ident, f"engine pool thread {len(names)}")
    if runs and runs[-1][0] == ident:
        runs[-1][2] = depth
    else:
        runs.append([ident, depth, depth])
for ident, first, last in runs:
    print(f"depths {first:>3} to {last:>3} ran on {names[ident]}")
print("x.grad:", x.grad.item())
assert [(first, last) for _, first, last in runs] == [(0, 60), (61, 121), (122, 130)]
assert runs[0][0] == caller and len({ident for ident, _, _ in runs}) == 3
