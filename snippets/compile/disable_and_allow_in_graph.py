"""torch.compiler.disable leaves a function to eager (a graph break); allow_in_graph keeps Dynamo out of one."""
import re

import torch
import torch._dynamo
from torch._dynamo.backends.common import aot_autograd

calls = []


# --8<-- [start:disable]
@torch.compiler.disable(reason="logging stays in Python")
def log_norm(t):
    calls.append(f"compiling={torch.compiler.is_compiling()} norm={t.norm():.4f}")
    return t


def step(x):
    y = torch.sin(x)
    log_norm(y)                       # Dynamo does not trace into this call
    return y * 2
# --8<-- [end:disable]


report = torch._dynamo.explain(step)(torch.ones(3))
print(f"step: graph_count={report.graph_count}  graph_break_count={report.graph_break_count}")
(reason,) = report.break_reasons
frame = reason.user_stack[-1]
print(f"  break at line {frame.lineno}: {frame.line.split('#')[0].strip()}")
for line in reason.reason.splitlines()[:2]:
    print("    " + re.sub(r" at 0x[0-9a-f]+", "", line.strip()))
assert report.graph_count == 2 and report.graph_break_count == 1

calls.clear()
torch._dynamo.reset()
compiled = torch.compile(step, backend="eager")
for _ in range(3):
    compiled(torch.ones(3))
print("log_norm, called from the compiled step three times:")
for call in calls:
    print("  " + call)
assert calls == ["compiling=False norm=1.4575"] * 3


def node_names(gm):
    """The targets of a graph's call nodes, in order."""
    return [str(n.target) if isinstance(n.target, torch._ops.OpOverload) else n.target.__name__
            for n in gm.graph.nodes if n.op == "call_function"]


dynamo_graphs, aot_graphs = [], []


def record_dynamo(gm, example_inputs):
    dynamo_graphs.append(node_names(gm))
    return gm.forward


def record_aot(gm, example_inputs):
    aot_graphs.append(node_names(gm))
    return gm.forward


# --8<-- [start:allow]
def scaled_sin(t):
    return torch.sin(t) * 3


def g(x):
    return scaled_sin(x + 1) - 1
# --8<-- [end:allow]


x = torch.ones(3)
torch._dynamo.reset()
torch.compile(g, backend=record_dynamo, fullgraph=True)(x)
print("\nDynamo's graph of g, scaled_sin traced through:   ", *dynamo_graphs[-1])

# --8<-- [start:allowcall]
torch.compiler.allow_in_graph(scaled_sin)          # Dynamo: do not read it, put the call in
# --8<-- [end:allowcall]
torch._dynamo.reset()
torch.compile(g, backend=record_dynamo, fullgraph=True)(x)
print("Dynamo's graph of g, scaled_sin allowed in graph:", *dynamo_graphs[-1])

torch._dynamo.reset()
result = torch.compile(g, backend=aot_autograd(fw_compiler=record_aot), fullgraph=True)(x)
print("AOTAutograd's graph of the same, traced through:  ", *aot_graphs[-1])

assert dynamo_graphs == [["add", "sin", "mul", "sub"], ["add", "scaled_sin", "sub"]]
assert aot_graphs == [["aten.add.Tensor", "aten.sin.default", "aten.mul.Tensor", "aten.sub.Tensor"]]
assert torch.allclose(result, g(x))
