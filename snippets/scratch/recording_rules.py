"""minigrad records by torch's rules: a result requires grad iff an input does (in grad mode)."""
import minigrad
import torch


# --8<-- [start:cases]
def cases(tensor, no_grad):
    a = tensor([1.0, 2.0], requires_grad=True)
    c = tensor([3.0, 4.0])                 # requires_grad=False
    with no_grad():
        frozen = a * 2                     # inside no_grad: not recorded
    return {"a": a, "c": c, "c * 2": c * 2, "a * c": a * c,
            "(a * c).exp()": (a * c).exp(), "a * 2, no_grad": frozen}


ours = cases(minigrad.Tensor, minigrad.no_grad)
theirs = cases(torch.tensor, torch.no_grad)
# --8<-- [end:cases]


def facts(t):
    fn = "-" if t.grad_fn is None else t.grad_fn.name()
    return f"{t.is_leaf!s:<6}{t.requires_grad!s:<6}{fn:<14}"


print(f"{'':15} {'minigrad':<26}| torch")
print(f"{'tensor':15} {'leaf  rg    grad_fn':<26}| leaf  rg    grad_fn")
for name in ours:
    print(f"{name:<15} {facts(ours[name]):<26}| {facts(theirs[name])}".rstrip())
    mine, ref = ours[name], theirs[name]
    assert (mine.is_leaf, mine.requires_grad) == (ref.is_leaf, ref.requires_grad)
    assert (mine.grad_fn is None) == (ref.grad_fn is None)   # a node exactly when torch has one
    if ref.grad_fn is not None:                              # MulBackward ~ MulBackward0
        assert ref.grad_fn.name().startswith(mine.grad_fn.name())
print("(leaf: is_leaf, rg: requires_grad, -: grad_fn is None)")
