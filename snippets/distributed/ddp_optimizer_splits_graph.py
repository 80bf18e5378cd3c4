"""Under torch.compile, DDPOptimizer cuts the captured graph at DDP's bucket boundaries."""
# snippet: timeout=180
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(512, 512) for _ in range(4))  # 1 MiB of weight each

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


def parameter_name(placeholder):   # L_self_modules_layers_modules_0_parameters_weight_ -> layers.0.weight
    name = placeholder[len("l_self_modules_"):].rstrip("_")
    return name.replace("_modules_", ".").replace("_parameters_", ".")


# --8<-- [start:worker]
def compile_and_count(module, optimize_ddp):
    torch._dynamo.reset()
    torch._dynamo.config.optimize_ddp = optimize_ddp
    graphs = []

    def counting_backend(gm, example_inputs):        # called once per graph handed to a backend
        inputs = [n.target for n in gm.graph.nodes if n.op == "placeholder"]
        graphs.append([parameter_name(t) for t in inputs if "_parameters_" in t])
        return gm.forward                            # run the graph as it is

    compiled = torch.compile(module, backend=counting_backend)
    compiled(torch.randn(2, 512)).sum().backward()
    return graphs


def worker(rank, world_size):
    torch.manual_seed(0)
    tower = Tower()
    ddp = DDP(tower, bucket_cap_mb=1)
    return {"plain module, no DDP": compile_and_count(tower, True),
            "DDP, optimize_ddp=True (default)": compile_and_count(ddp, True),
            "DDP, optimize_ddp=False": compile_and_count(ddp, False)}
# --8<-- [end:worker]


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    for setting, graphs in ranks[0].items():
        print(f"{setting}: {len(graphs)} graph(s)")
        for i, weights in enumerate(graphs):
            print(f"  graph {i} takes {', '.join(weights)}")
    assert ranks[1] == ranks[0]
    assert [len(g) for g in ranks[0].values()] == [1, 4, 1]
    assert ranks[0]["DDP, optimize_ddp=True (default)"] == [
        [f"layers.{i}.weight", f"layers.{i}.bias"] for i in range(4)]
