"""Frozen and trainable parameters in one FSDP unit: FSDP1's FlatParameter refuses them; FSDP2 shards per parameter."""
# snippet: timeout=180
import torch
from ddplab import run_on_ranks
from torch import nn


# --8<-- [start:worker]
def worker(rank, world_size):
    from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
    from torch.distributed.fsdp import fully_shard

    def lora_like():
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 1))
        model[0].requires_grad_(False)               # frozen base, trainable head, one unit
        return model

    report = {}
    try:
        FSDP(lora_like(), device_id=torch.device("cpu"), use_orig_params=False)
    except ValueError as error:
        report["FSDP1, use_orig_params=False"] = f"ValueError: {error}"
    model = lora_like()
    fully_shard(model)                               # FSDP2: one DTensor per parameter
    model(torch.randn(2, 4)).sum().backward()
    report["FSDP2 gradients"] = {n: p.grad is not None for n, p in model.named_parameters()}
    return report
# --8<-- [end:worker]


if __name__ == "__main__":
    report = run_on_ranks(worker)[0]
    for key, value in report.items():
        print(f"{key}: {value}")
    assert report["FSDP2 gradients"] == {"0.weight": False, "0.bias": False,
                                         "1.weight": True, "1.bias": True}
