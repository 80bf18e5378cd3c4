"""The same three layouts as DTensors: PyTorch decides op by op, at run time, what to communicate."""
import torch
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard, distribute_tensor
from torch.distributed.tensor.debug import CommDebugMode
from torch.testing._internal.distributed.fake_pg import FakeStore

# One process pretends to be rank 0 of 4: the "fake" backend issues no real communication,
# which is enough to see which collectives DTensor asks for and what each rank would hold.
dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=4)


def counts(mode):
    return {str(op): n for op, n in mode.get_comm_counts().items()} or "none"


# --8<-- [start:dtensor]
mesh = init_device_mesh("cpu", (4,))
x = torch.arange(64.0).reshape(8, 8)
w = torch.ones(8, 4)
layouts = {                                   # (x's placement, w's placement)
    "batch rows of x split":      ([Shard(0)], [Replicate()]),
    "contracted dimension split": ([Shard(1)], [Shard(0)]),
    "columns of w split":         ([Replicate()], [Shard(1)]),
}
for label, (x_place, w_place) in layouts.items():
    xd, wd = distribute_tensor(x, mesh, x_place), distribute_tensor(w, mesh, w_place)
    with CommDebugMode() as during_matmul:
        y = xd @ wd                                     # runs now; the result's placement is derived
    with CommDebugMode() as when_gathered:
        y.full_tensor()                                 # ask for the whole result on every rank
    print(f"{label:27} result {str(y.placements):18} local shard {tuple(y.to_local().shape)}  "
          f"matmul: {counts(during_matmul)}  full_tensor(): {counts(when_gathered)}")
# --8<-- [end:dtensor]
    if label == "contracted dimension split":
        assert y.placements[0].is_partial() and counts(when_gathered) == {"c10d_functional.all_reduce": 1}
    assert counts(during_matmul) == "none"

dist.destroy_process_group()
