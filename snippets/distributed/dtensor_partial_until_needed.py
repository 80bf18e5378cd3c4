"""A Partial result stays partial through linear ops; the first non-linear op forces the all-reduce."""
import torch
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Shard, distribute_tensor
from torch.distributed.tensor.debug import CommDebugMode
from torch.testing._internal.distributed.fake_pg import FakeStore

# One process pretends to be rank 0 of 4 (see dtensor_sharding_rules.py): no data moves.
dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=4)


def counts(mode):
    return {str(op): n for op, n in mode.get_comm_counts().items()} or "none"


mesh = init_device_mesh("cpu", (4,))
x = torch.arange(64.0).reshape(8, 8)
w = torch.ones(8, 4)

# --8<-- [start:next]
xd, wd = distribute_tensor(x, mesh, [Shard(1)]), distribute_tensor(w, mesh, [Shard(0)])
partial = xd @ wd                                       # every rank holds a partial sum
for label, op in [("partial * 2", lambda: partial * 2), ("partial + partial", lambda: partial + partial),
                  ("torch.relu(partial)", lambda: torch.relu(partial))]:
    with CommDebugMode() as mode:
        result = op()
    print(f"{label:20} result {str(result.placements):18} communication: {counts(mode)}")
# --8<-- [end:next]
    assert (counts(mode) == "none") == (label != "torch.relu(partial)")

dist.destroy_process_group()
