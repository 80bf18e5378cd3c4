"""Ready nodes run highest sequence number first; AccumulateGrad carries 2**64 - 1."""
import re

import minigrad
import torch


# --8<-- [start:build]
def forward(x, w):
    a = x.exp().tanh().sigmoid()   # a long branch, recorded first
    b = w.tanh()                   # a short branch, recorded last
    return (a + b).sum()
# --8<-- [end:build]


tx = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
tw = torch.tensor([2.0, 0.25], dtype=torch.float64, requires_grad=True)
mx = minigrad.Tensor([0.5, -1.0], requires_grad=True)
mw = minigrad.Tensor([2.0, 0.25], requires_grad=True)
t_out, m_out = forward(tx, tw), forward(mx, mw)

t_ran = []
stack, seen = [t_out.grad_fn], set()
while stack:                       # a pre-hook on every node of torch's graph
    node = stack.pop()
    if node not in seen:
        seen.add(node)
        node.register_prehook(lambda grads, node=node: t_ran.append(node))
        stack.extend(child for child, _ in node.next_functions if child is not None)
t_out.backward()
with minigrad.record_schedule() as m_ran:
    m_out.backward()

LEAF = 2**64 - 1
t_first = min(n._sequence_nr() for n in t_ran)   # counters run for the whole
m_first = min(n.sequence_nr for n in m_ran)      # process: print them relative


def number(seq, first):
    return "2**64 - 1" if seq == LEAF else str(seq - first)


def name(node, x):
    base = re.sub(r"^torch::autograd::", "", node.name())
    if base == "AccumulateGrad":
        return f"{base}[{'x' if node.variable is x else 'w'}]"
    return base


print(f"{'torch ran':<18}{'seq':>10}    {'minigrad ran':<18}{'seq':>10}")
for t, m in zip(t_ran, m_ran, strict=True):
    print(f"{name(t, tx):<18}{number(t._sequence_nr(), t_first):>10}    "
          f"{name(m, mx):<18}{number(m.sequence_nr, m_first):>10}")

t_seqs = [number(n._sequence_nr(), t_first) for n in t_ran]
assert t_seqs == [number(n.sequence_nr, m_first) for n in m_ran]  # same numbers, order
names = [name(n, tx) for n in t_ran]
assert names.index("TanhBackward0") < names.index("SigmoidBackward0")  # later branch first
assert names[names.index("TanhBackward0") + 1] == "AccumulateGrad[w]"  # stored at once
