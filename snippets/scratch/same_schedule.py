"""One expression, two engines: the same dependency counts and the same run order."""
import itertools
import re

import minigrad
import torch


# --8<-- [start:build]
def forward(x, w):
    h = x * w                                # h feeds two branches ...
    return (h.tanh() * h.exp() + x).sum()    # ... that meet again


tx = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
tw = torch.tensor([1.5, 0.25, -0.5], dtype=torch.float64, requires_grad=True)
mx = minigrad.Tensor(tx.detach().numpy(), requires_grad=True)
mw = minigrad.Tensor(tw.detach().numpy(), requires_grad=True)
t_out, m_out = forward(tx, tw), forward(mx, mw)
# --8<-- [end:build]


# --8<-- [start:observe]
def torch_dependencies(root):
    """Every node reachable from root: how many edges point at it."""
    counts, stack = {root: 0}, [root]
    while stack:
        for child, _ in stack.pop().next_functions:
            if child is not None:
                if child not in counts:
                    stack.append(child)
                counts[child] = counts.get(child, 0) + 1
    return counts


t_waiting = torch_dependencies(t_out.grad_fn)
t_ran = []
for node in t_waiting:           # a pre-hook runs just before its node
    node.register_prehook(lambda grads, node=node: t_ran.append(node))
t_out.backward()

m_waiting = minigrad.count_dependencies(m_out.grad_fn)
with minigrad.record_schedule() as m_ran:
    m_out.backward()
# --8<-- [end:observe]


def label(node, x):
    name = re.sub(r"^torch::autograd::", "", node.name())
    if name == "AccumulateGrad":
        return f"AccumulateGrad[{'x' if node.variable is x else 'w'}]"
    return name


print(f"{'':3}{'torch ran':<20}{'waited':>6}    {'minigrad ran':<20}{'waited':>6}")
for step, (t, m) in enumerate(zip(t_ran, m_ran, strict=True), start=1):
    print(f"{step:<3}{label(t, tx):<20}{t_waiting[t]:>6}    "
          f"{label(m, mx):<20}{m_waiting[m]:>6}")

assert len(t_ran) == len(set(t_ran)) == len(t_waiting)  # torch: each node once
assert len(m_ran) == len(set(m_ran)) == len(m_waiting)  # minigrad: each node once


def up_to_ties(names):
    """Sort each run of consecutive AccumulateGrad nodes: they share the largest priority, and
    torch's heap does not specify which of two equal-priority nodes it pops first."""
    runs = itertools.groupby(names, key=lambda name: name.startswith("AccumulateGrad"))
    return [n for tied, run in runs for n in (sorted(run) if tied else run)]


t_names = [re.sub(r"\d+$", "", label(t, tx)) for t in t_ran]
assert up_to_ties(t_names) == up_to_ties([label(m, mx) for m in m_ran])  # the same order
assert [t_waiting[t] for t in t_ran] == [m_waiting[m] for m in m_ran]
assert torch.allclose(tx.grad, torch.from_numpy(mx.grad))
assert torch.allclose(tw.grad, torch.from_numpy(mw.grad))
print("same order (up to the tie between the two AccumulateGrad nodes),")
print("same dependency counts, same gradients")
