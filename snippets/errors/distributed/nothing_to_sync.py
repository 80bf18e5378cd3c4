# snippet: raises=RuntimeError
# snippet: timeout=120
"""A frozen module has no gradient for DDP to average, so DDP refuses to wrap it."""
from ddplab import RankError, run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    features = nn.Linear(4, 4).requires_grad_(False)    # a frozen network for a perceptual loss
    DDP(features)


if __name__ == "__main__":
    outcome = run_on_ranks(worker)[0]       # what rank 0's worker raised, sent to the parent
    assert isinstance(outcome, RankError) and outcome.type_name == "RuntimeError"
    raise RuntimeError(outcome.message)
