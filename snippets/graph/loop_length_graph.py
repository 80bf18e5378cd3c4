"""A Python loop is unrolled into the graph: the number of recorded nodes follows the data."""
from collections import Counter

import torch
from fieldkit.autograd_graph import graph_of

torch.manual_seed(0)
embed = torch.randn(50, 3, requires_grad=True)
cell = torch.randn(3, 3, requires_grad=True)


# --8<-- [start:encode]
def encode(tokens):
    state = torch.zeros(3)
    for token in tokens:                       # one pass of the body per token
        state = torch.tanh(state @ cell + embed[token])
    return state.sum()


def encode_until(tokens, limit):
    state, steps = torch.zeros(3), 0
    while steps < len(tokens) and state.norm() < limit:   # the data decides when to stop
        state = torch.tanh(state @ cell + embed[tokens[steps]])
        steps += 1
    return state.sum(), steps
# --8<-- [end:encode]


def count(out):
    return Counter(node.label for node in graph_of(out).nodes if node.kind == "function")


# --8<-- [start:run]
print("nodes for 2 tokens:", dict(sorted(count(encode(torch.tensor([3, 7]))).items())))
for tokens in ([3, 7], [3, 7, 1, 9], [3, 7, 1, 9, 4, 4]):
    nodes = count(encode(torch.tensor(tokens)))
    print(f"for loop, {len(tokens)} tokens -> {sum(nodes.values()):>2} nodes, "
          f"TanhBackward0 x{nodes['TanhBackward0']}")
    assert nodes["TanhBackward0"] == len(tokens)

for limit in (0.5, 1.4, 10.0):
    out, steps = encode_until(torch.tensor([3, 7, 1, 9, 4, 4]), limit)
    nodes = count(out)
    print(f"while loop, limit={limit:<4} -> stopped after {steps} step{'s' * (steps != 1)}, "
          f"TanhBackward0 x{nodes['TanhBackward0']}")
    assert nodes["TanhBackward0"] == steps
# --8<-- [end:run]
