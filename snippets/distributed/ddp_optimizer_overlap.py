"""DDPOptimizer's split graph, and when DDP's all-reduces start relative to each compiled backward."""
# snippet: timeout=180
import logging
import re

import torch
from ddplab import run_on_ranks
from torch import nn
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
from torch.nn.parallel import DistributedDataParallel as DDP


class Tower(nn.Module):                        # the model of ddp_optimizer_splits_graph.py
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(512, 512) for _ in range(4))  # 1 MiB of weight each

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


class Collect(logging.Handler):                # keeps the messages of one torch logger
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def short(arg):                                # l_self_modules_layers_modules_0_parameters_weight_ -> layers.0.weight
    arg = arg.removeprefix("l_self_modules_").removeprefix("l_").rstrip("_")
    return arg.replace("_modules_", ".").replace("_parameters_", ".")


def split_graph_calls(messages):               # the call_module lines of DDPOptimizer's split graph
    text = next(m for m in messages if "---split graph---" in m)
    text = text.split("---split graph---")[1].split("---submod_0 graph---")[0]
    calls = re.findall(r"%(\w+) : .*call_module\[target=\w+\]\(args = \(([^)]*)\)", text)
    return [f"{name}({', '.join(short(a.strip(' %')) for a in args.split(','))})" for name, args in calls]


# --8<-- [start:worker]
def timeline(optimize_ddp):
    torch._dynamo.reset()
    torch._dynamo.config.optimize_ddp = optimize_ddp
    torch.manual_seed(0)
    tower = Tower()
    name = {p: n for n, p in tower.named_parameters()}
    ddp = DDP(tower, bucket_cap_mb=1)
    events = []

    def backward_compiler(gm, example_inputs):    # AOTAutograd calls it once per backward graph
        def run(*args):
            events.append("compiled backward graph runs")
            return gm(*args)
        return make_boxed_func(run)

    def log_and_allreduce(state, bucket):         # DDP calls it when a bucket is complete
        events.append(f"    all-reduce launched: {', '.join(name[p] for p in bucket.parameters())}")
        return default_hooks.allreduce_hook(None, bucket)

    ddp.register_comm_hook(None, log_and_allreduce)
    for p in tower.parameters():
        p.register_post_accumulate_grad_hook(lambda p: events.append(f"  grad ready: {name[p]}"))
    backend = aot_autograd(fw_compiler=lambda gm, _: make_boxed_func(gm), bw_compiler=backward_compiler)
    compiled = torch.compile(ddp, backend=backend)
    for _ in range(2):                            # iteration 1 runs with DDP's rebuilt buckets
        events.clear()
        compiled(torch.randn(2, 512)).sum().backward()
    return events
# --8<-- [end:worker]


def worker(rank, world_size):
    graphs = Collect()                            # DDPOptimizer logs its split graph here
    logging.getLogger("torch._dynamo.backends.distributed.__ddp_graphs").addHandler(graphs)
    torch._logging.set_logs(ddp_graphs=True)
    on = timeline(optimize_ddp=True)
    torch._logging.set_logs()
    return {"split": split_graph_calls(graphs.messages), True: on, False: timeline(optimize_ddp=False)}


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    r = ranks[0]
    print("optimize_ddp=True: the graph DDPOptimizer returns calls one submodule per bucket")
    print(*(f"  {call}" for call in r["split"]), sep="\n")
    for setting in (True, False):
        print(f"\noptimize_ddp={setting}, backward of iteration 1:")
        print(*r[setting], sep="\n")
    assert ranks[1] == ranks[0]
    assert len(r["split"]) == 4 and r["split"][0] == "submod_0(x, layers.0.weight, layers.0.bias)"
    on, off = r[True], r[False]
    assert on.count("compiled backward graph runs") == 4 and off.count("compiled backward graph runs") == 1
    # with the split, the first all-reduce starts before three of the four backward graphs have run
    first_allreduce = next(i for i, e in enumerate(on) if "all-reduce" in e)
    assert on[first_allreduce:].count("compiled backward graph runs") == 3
    # without it, every gradient, and every all-reduce, comes after the one backward graph
    assert off[0] == "compiled backward graph runs"
