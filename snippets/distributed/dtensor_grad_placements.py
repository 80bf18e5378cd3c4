"""to_local() forgets the DTensor; grad_placements tells backward what layout the local gradient has."""
# snippet: timeout=120
import inspect

import torch
from ddplab import run_on_ranks


# --8<-- [start:worker]
def worker(rank, world_size):
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import Partial, Replicate, distribute_tensor

    mesh = init_device_mesh("cpu", (world_size,))
    x = torch.tensor([1.0, 2.0]) * (rank + 1)          # each rank computes on its own data
    report = {}
    for hint in (None, [Partial()]):
        w = distribute_tensor(torch.ones(2), mesh, [Replicate()]).requires_grad_()
        local_w = w.to_local() if hint is None else w.to_local(grad_placements=hint)
        (x * local_w).sum().backward()                  # a local loss; the real loss is their sum
        report[str(hint)] = (str(w.grad.placements), w.grad.to_local().tolist(),
                             w.grad.full_tensor().tolist())
    return report
# --8<-- [end:worker]


if __name__ == "__main__":
    # --8<-- [start:main]
    ranks = run_on_ranks(worker)
    for hint in ("None", "[Partial(sum)]"):
        for rank, report in enumerate(ranks):
            placements, local, full = report[hint]
            print(f"grad_placements={hint:15} rank {rank}: w.grad {placements:16} "
                  f"local {local}  full_tensor() {full}")
    # --8<-- [end:main]
    from torch.distributed.tensor import DTensor
    takes_hint = "grad_placements" in inspect.signature(DTensor.from_local).parameters
    print("DTensor.from_local also takes grad_placements:", takes_hint)
    assert takes_hint
    assert ranks[0]["None"][2] != ranks[1]["None"][2]          # "replicated", yet different
    assert ranks[0]["[Partial(sum)]"][2] == ranks[1]["[Partial(sum)]"][2] == [3.0, 6.0]
