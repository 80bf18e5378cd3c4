# snippet: raises=ValueError
# snippet: timeout=120
"""device_ids names the one GPU a replica lives on; a CPU module has none to name."""
from ddplab import RankError, run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    DDP(nn.Linear(4, 1), device_ids=[rank])         # the GPU recipe, on a CPU model


if __name__ == "__main__":
    outcome = run_on_ranks(worker)[0]       # what rank 0's worker raised, sent to the parent
    assert isinstance(outcome, RankError) and outcome.type_name == "ValueError"
    raise ValueError(outcome.message)
