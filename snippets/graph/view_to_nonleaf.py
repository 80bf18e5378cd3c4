# snippet: raises=ValueError
"""view, reshape and a converting .to() of a parameter give non-leaves; a .to() that changes nothing returns the leaf itself."""
import warnings

import torch

w = torch.ones(2, 3, requires_grad=True)

# --8<-- [start:table]
results = {
    "w.view(6)": w.view(6),
    "w.reshape(6)": w.reshape(6),
    "w.T": w.T,
    "w.to(torch.float64)": w.to(torch.float64),
    "w.to(torch.float32)": w.to(torch.float32),   # already float32 on the CPU
    "w.to('cpu')": w.to("cpu"),
    "w.float()": w.float(),
    "w.detach()": w.detach(),
}
print(f"{'expression':20} {'is w':>5} {'is_leaf':>8}  grad_fn")
for expr, out in results.items():
    node = out.grad_fn.name() if out.grad_fn is not None else None
    print(f"{expr:20} {(out is w)!s:>5} {out.is_leaf!s:>8}  {node}")
# --8<-- [end:table]
for expr in ["w.view(6)", "w.reshape(6)", "w.T", "w.to(torch.float64)"]:
    assert not results[expr].is_leaf, expr
for expr in ["w.to(torch.float32)", "w.to('cpu')", "w.float()"]:
    assert results[expr] is w, expr
assert results["w.detach()"].is_leaf and not results["w.detach()"].requires_grad

# --8<-- [start:grad]
flat = w.view(6)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (flat * 2).sum().backward()
    flat_grad = flat.grad               # reading .grad of a non-leaf warns
print("after backward: flat.grad =", flat_grad, "  w.grad[0] =", w.grad[0])
print("warning:", str(caught[0].message).split(". ")[0] + ".")
# --8<-- [end:grad]
assert flat_grad is None and torch.equal(w.grad, torch.full((2, 3), 2.0))

# --8<-- [start:fix]
p = torch.ones(2, 3).view(6).requires_grad_()       # reshape first, then require grad
q = torch.nn.Parameter(torch.ones(2, 3).view(6))    # or wrap the result in a Parameter
print("p.is_leaf:", p.is_leaf, "  q.is_leaf:", q.is_leaf)
torch.optim.SGD([p, q], lr=0.1)                     # accepted
# --8<-- [end:fix]
assert p.is_leaf and q.is_leaf

# --8<-- [start:fail]
torch.optim.SGD([w.view(6)], lr=0.1)
# --8<-- [end:fail]
