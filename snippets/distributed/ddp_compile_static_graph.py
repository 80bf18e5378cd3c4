"""torch.compile with DDP(static_graph=True): it runs, DDPOptimizer still splits, the overlap starts later."""
# snippet: timeout=180
import torch
from ddplab import run_on_ranks
from torch import nn
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
from torch.nn.parallel import DistributedDataParallel as DDP


class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(512, 512) for _ in range(4))  # 1 MiB of weight each

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


def counting_allreduce(state, bucket):             # a comm hook: note the bucket, then average it
    state.append(bucket.index())
    return default_hooks.allreduce_hook(None, bucket)


# --8<-- [start:worker]
def train(rank, static_graph):
    torch._dynamo.reset()                         # optimize_ddp is True, the default
    torch.manual_seed(0)
    ddp = DDP(Tower(), bucket_cap_mb=1, static_graph=static_graph)
    events = []

    def backward_compiler(gm, example_inputs):    # log each compiled backward graph as it runs
        def run(*args):
            events.append("backward graph")
            return gm(*args)
        return make_boxed_func(run)

    def log_and_allreduce(state, bucket):
        events.append("all-reduce")
        return default_hooks.allreduce_hook(None, bucket)

    ddp.register_comm_hook(None, log_and_allreduce)
    backend = aot_autograd(fw_compiler=lambda gm, _: make_boxed_func(gm), bw_compiler=backward_compiler)
    compiled = torch.compile(ddp, backend=backend)
    per_iteration = []
    for step in range(3):
        events.clear()
        torch.manual_seed(10 * step + rank)
        compiled(torch.randn(2, 512)).sum().backward()
        last_backward = max(i for i, e in enumerate(events) if e == "backward graph")
        per_iteration.append((events.count("backward graph"), events.count("all-reduce"),
                              events[:last_backward].count("all-reduce")))
    return per_iteration, [p.grad for p in ddp.parameters()]
# --8<-- [end:worker]


def eager_all_reduces(rank):                      # the same model, no torch.compile
    torch.manual_seed(0)
    ddp = DDP(Tower(), bucket_cap_mb=1, static_graph=True)
    launched = []
    ddp.register_comm_hook(launched, counting_allreduce)
    per_iteration = []
    for step in range(3):
        launched.clear()
        torch.manual_seed(10 * step + rank)
        ddp(torch.randn(2, 512)).sum().backward()
        per_iteration.append(len(launched))
    return per_iteration


def worker(rank, world_size):
    (plain, plain_grads), (static, static_grads) = train(rank, False), train(rank, True)
    same = all(torch.equal(a, b) for a, b in zip(plain_grads, static_grads, strict=True))
    return {False: plain, True: static, "same gradients": same,   # small: results travel by pipe
            "eager": eager_all_reduces(rank)}


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    for static in (False, True):
        print(f"DDP(static_graph={static}) under torch.compile:")
        for step, (graphs, reduces, early) in enumerate(ranks[0][static]):
            print(f"  iteration {step}: {graphs} backward graphs, {reduces} all-reduce(s),"
                  f" {early} launched before the last backward graph ran")
    print("eager DDP(static_graph=True), all-reduces per iteration:", ranks[0]["eager"])
    same = all(r["same gradients"] for r in ranks)
    print("same gradients with and without static_graph, on both ranks:", same)
    assert same and ranks[0] == ranks[1]
    timeline_plain, timeline_static = ranks[0][False], ranks[0][True]
    assert all(graphs == 4 for graphs, _, _ in timeline_plain + timeline_static)
    assert all(early > 0 for _, _, early in timeline_plain[1:])          # overlap from iteration 1
    assert [early for _, _, early in timeline_static[:2]] == [0, 0]      # static: one bucket, twice
    assert timeline_static[2] == timeline_plain[2]                        # then the same overlap
    assert ranks[0]["eager"][:2] == [1, 1] and ranks[0]["eager"][2] > 1    # eager: the same delay
