"""FSDP2 (fully_shard): DTensor parameters, no no_sync(), set_requires_gradient_sync, and clipping sharded gradients."""
# snippet: timeout=180
import copy

import torch
import torch.distributed as dist
from ddplab import run_on_ranks
from torch import nn


def reduce_events(step):
    """Run one forward and backward under the profiler; count FSDP's gradient reductions."""
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        step()
    return sum(1 for e in prof.events() if e.name.startswith("FSDP::post_backward_reduce"))


# --8<-- [start:worker]
def worker(rank, world_size):
    from torch.distributed.fsdp import fully_shard

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
    reference = copy.deepcopy(model)                 # unsharded, this rank's own gradients
    for layer in (model[0], model[2]):
        fully_shard(layer)
    fully_shard(model)
    weight = model[0].weight
    torch.manual_seed(100 + rank)
    micro_batches = [torch.randn(2, 4) for _ in range(3)]
    report = {"parameter": f"{type(weight).__name__} {weight.placements}, local shard "
                           f"{tuple(weight.to_local().shape)} of {tuple(weight.shape)}",
              "has no_sync()": hasattr(model, "no_sync")}
    reductions = []
    for i, x in enumerate(micro_batches):
        model.set_requires_gradient_sync(i == len(micro_batches) - 1)   # sync the last one only
        reductions.append(reduce_events(lambda x=x: model(x).sum().backward()))
    report["gradient reductions per micro-batch"] = reductions
    report["weight.grad"] = f"{type(weight.grad).__name__}, local shard {tuple(weight.grad.to_local().shape)}"
    for x in micro_batches:
        reference(x).sum().backward()                # all three micro-batches, summed locally
    expected = reference[0].weight.grad.clone()
    dist.all_reduce(expected)
    expected /= world_size                           # averaged over ranks, as FSDP does
    report["accumulated gradient = rank average of the summed micro-batches"] = bool(
        torch.allclose(weight.grad.full_tensor(), expected, atol=1e-6))
    grads = [p.grad for p in model.parameters()]
    full_norm = torch.linalg.vector_norm(torch.stack(
        [torch.linalg.vector_norm(g.full_tensor()) for g in grads]))
    clipped = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    report["clip_grad_norm_ returns"] = type(clipped).__name__
    report["its value equals the norm of the full gradient"] = bool(
        torch.allclose(clipped.full_tensor(), full_norm))
    return report
# --8<-- [end:worker]


if __name__ == "__main__":
    report = run_on_ranks(worker)[0]
    for key, value in report.items():
        print(f"{key}: {value}")
    assert report["gradient reductions per micro-batch"][:2] == [0, 0]
    assert report["gradient reductions per micro-batch"][2] > 0
    assert report["its value equals the norm of the full gradient"]
    assert report["accumulated gradient = rank average of the summed micro-batches"]
