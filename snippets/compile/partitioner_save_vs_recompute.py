"""The partitioner chooses what the forward saves for backward and what backward recomputes."""
import torch
import torch._dynamo
from functorch.compile import (
    default_partition,
    make_boxed_func,
    min_cut_rematerialization_partition,
)
from torch._dynamo.backends.common import aot_autograd

graphs = {}


def keep(kind):
    def compiler(gm, example_inputs):
        graphs[kind] = gm
        return make_boxed_func(gm.forward)
    return compiler


def f(x, w):
    return torch.sin(x @ w).cos().sum()


torch.manual_seed(0)
x, w = torch.randn(3, 4), torch.randn(4, 2, requires_grad=True)
saved_counts = {}
for name, partition in [("default_partition", default_partition),
                        ("min_cut_rematerialization_partition", min_cut_rematerialization_partition)]:
    torch._dynamo.reset()
    # --8<-- [start:backend]
    backend = aot_autograd(fw_compiler=keep("fw"), bw_compiler=keep("bw"), partition_fn=partition)
    # --8<-- [end:backend]
    torch.compile(f, backend=backend)(x, w).backward()
    saved = [str(a) for a in graphs["fw"].graph.output_node().args[0][1:]]   # after the loss
    forward_ops = {n.name for n in graphs["fw"].graph.nodes if n.op == "call_function"}
    recomputed = [n.name for n in graphs["bw"].graph.nodes
                  if n.op == "call_function" and n.name in forward_ops and n.name not in saved]
    print(f"{name}:")
    print(f"    forward saves for backward: {', '.join(saved)}")
    print(f"    backward recomputes:        {', '.join(recomputed) or 'nothing'}")
    saved_counts[name] = len(saved)
assert saved_counts["min_cut_rematerialization_partition"] < saved_counts["default_partition"]
