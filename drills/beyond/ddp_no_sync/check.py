import copy
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
from ddplab import RankError, run_on_ranks
from torch.nn.parallel import DistributedDataParallel as DDP

from drills.harness import Fail, load, need


def _counting_allreduce(
    state: list[int], bucket: dist.GradBucket
) -> torch.futures.Future[torch.Tensor]:
    state.append(bucket.index())
    buffer = bucket.buffer().div_(dist.get_world_size())
    return dist.all_reduce(buffer, async_op=True).get_future().then(lambda f: f.value()[0])


def check(path: Path) -> str:
    drill = load(path)
    accumulate = need(drill, "accumulate")

    def worker(rank: int, world_size: int) -> dict[str, Any]:
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
        local = copy.deepcopy(model)
        ddp = DDP(model)
        reduced: list[int] = []
        ddp.register_comm_hook(reduced, _counting_allreduce)
        torch.manual_seed(100 + rank)
        micro_batches = [torch.randn(4, 3) for _ in range(4)]
        accumulate(ddp, micro_batches)
        for x in micro_batches:
            local(x).pow(2).mean().backward()
        return {
            "all_reduces": len(reduced),
            "grads": [p.grad for p in model.parameters()],
            "local": [p.grad for p in local.parameters()],
        }

    ranks = run_on_ranks(worker)
    for rank, result in enumerate(ranks):
        if isinstance(result, RankError):
            raise Fail(
                f"rank {rank}: accumulate() raised {result.type_name}: {result.message}",
                f"rank {rank}：accumulate() 抛出 {result.type_name}：{result.message}",
            )
    counts = [r["all_reduces"] for r in ranks]
    if counts != [1, 1]:
        raise Fail(
            f"4 micro-batches cost {counts[0]} all-reduces of the gradient bucket on each "
            "rank; one, after the last micro-batch, is enough",
            f"4 个微批次在每个 rank 上对梯度桶做了 {counts[0]} 次 all-reduce；"
            "只在最后一个微批次之后做一次就够了",
        )
    for i, (g0, g1) in enumerate(zip(ranks[0]["grads"], ranks[1]["grads"], strict=True)):
        mean = (ranks[0]["local"][i] + ranks[1]["local"][i]) / 2
        if g0 is None or not torch.allclose(g0, g1) or not torch.allclose(g0, mean, atol=1e-6):
            raise Fail(
                "the final gradients are not the mean over ranks of each rank's accumulated sum",
                "最终梯度不等于各 rank 累加和在 rank 间的平均",
            )
    return "one all-reduce per accumulation; every rank holds the mean of the summed gradients"
