"""torch.compile traces DTensor's communication into the graph: a redistribution from Partial to
Replicate becomes a _c10d_functional.all_reduce and its wait_tensor, in one graph."""
# snippet: timeout=120
import re

import torch
from ddplab import run_on_ranks
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard, distribute_tensor


def worker(rank, world_size):
    mesh = init_device_mesh("cpu", (world_size,))
    graphs = []                                   # the code of every graph AOTAutograd compiles

    def keep(gm, example_inputs):
        graphs.append(gm.code)
        return make_boxed_func(gm.forward)

    backend = aot_autograd(fw_compiler=keep, bw_compiler=keep)
    torch.manual_seed(0)
    a, b = torch.randn(4, 6), torch.randn(6, 3)

    # --8<-- [start:dtensor]
    def matmul(a, b):                             # a sharded on columns, b on rows: Partial
        return (a @ b).redistribute(mesh, [Replicate()]).to_local()

    ad, bd = distribute_tensor(a, mesh, [Shard(1)]), distribute_tensor(b, mesh, [Shard(0)])
    result = torch.compile(matmul, backend=backend, fullgraph=True)(ad, bd)
    # --8<-- [end:dtensor]
    ops = re.findall(r"torch\.ops\.(\w+\.\w+)\.default", "".join(graphs))
    return len(graphs), ops, torch.allclose(result, a @ b, atol=1e-6)


if __name__ == "__main__":
    first, second = run_on_ranks(worker)
    assert first == second
    graph_count, ops, matches = first
    print("graphs:", graph_count)
    print("ops in the graph, in order:", ", ".join(ops))
    print("result on each rank equals the whole a @ b:", matches)
    assert graph_count == 1 and matches
    assert ops.index("_c10d_functional.all_reduce") < ops.index("_c10d_functional.wait_tensor")
