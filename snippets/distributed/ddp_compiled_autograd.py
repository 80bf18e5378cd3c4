"""Compiled autograd with DDP's Python reducer: the all-reduces become nodes of the backward graph."""
# snippet: timeout=180
import copy

import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def op_name(node):                                 # torch__dynamo_compiled_autograd_ops_AddmmBackward0 -> AddmmBackward0
    name = getattr(node.target, "__name__", str(node.target))
    return name.removeprefix("torch__dynamo_compiled_autograd_ops_")


# --8<-- [start:worker]
def worker(rank, world_size):
    torch._dynamo.config.optimize_ddp = "python_reducer"   # read when DDP is constructed
    torch._dynamo.config.compiled_autograd = True          # trace backward too, inside torch.compile
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
    alone = copy.deepcopy(model)                   # no DDP: this rank's own gradient
    ddp = DDP(model)
    graphs = []

    def keep_graph(gm, example_inputs):            # every graph torch.compile produces comes here
        graphs.append([op_name(n) for n in gm.graph.nodes if n.op in ("call_function", "call_method")])
        return gm.forward

    @torch.compile(backend=keep_graph)
    def train_step(x):
        ddp(x).sum().backward()                    # backward runs under compiled autograd

    torch.manual_seed(1 + rank)
    x = torch.randn(8, 4)
    train_step(x)
    alone(x).sum().backward()
    return {"graphs": graphs, "ddp": [p.grad for p in model.parameters()],
            "alone": [p.grad for p in alone.parameters()]}
# --8<-- [end:worker]


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    graphs = ranks[0]["graphs"]
    forward = [g for g in graphs if "linear" in g]
    backward = [g for g in graphs if "all_reduce" in g]
    print(f"{len(graphs)} graphs: {len(forward)} forward (not split), {len(backward)} backward")
    print("the compiled-autograd backward graph, in order (getitem and validate_outputs left out):")
    ops = [op for op in backward[0] if op not in ("getitem", "validate_outputs")]
    for op in ops:
        print(("    " if op in ("truediv", "all_reduce", "wait_tensor", "copy_") else "  ") + op)
    mean = [(a + b) / 2 for a, b in zip(ranks[0]["alone"], ranks[1]["alone"], strict=True)]
    averaged = all(torch.allclose(g, m, atol=1e-6) for r in ranks for g, m in zip(r["ddp"], mean, strict=True))
    print("every .grad on both ranks is the mean of the two ranks' own gradients:", averaged)
    assert ranks[1]["graphs"] == graphs and len(forward) == 1 and len(backward) == 1
    assert ops.count("AccumulateGrad") == ops.count("all_reduce") == ops.count("wait_tensor") == 4
    # each parameter's all-reduce follows its AccumulateGrad, before later backward ops run
    assert ops.index("all_reduce") < ops.index("TBackward0") and averaged
