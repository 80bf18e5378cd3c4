"""In a training loop, `total_loss += loss` keeps every step's graph; loss.item() keeps none."""
import torch
from graphwatch import NodeCensus, SavedTensorLedger

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1))
batches = [torch.randn(32, 64) for _ in range(6)]


def sgd_step(lr=0.01):
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad


def train(keep_tensor):
    census = NodeCensus()
    ledger = SavedTensorLedger(exclude=[*model.parameters(), *batches])
    alive = []
    # --8<-- [start:loop]
    total_loss = 0
    for x in batches:
        model.zero_grad()
        with ledger:
            loss = model(x).pow(2).mean()
        loss.backward()
        sgd_step()
        if keep_tensor:
            total_loss += loss         # a tensor: one more AddBackward0, and a path to this loss
        else:
            total_loss += loss.item()  # a Python float: no graph at all
        # --8<-- [end:loop]
        census.tag(loss)
        if keep_tensor:
            census.tag(total_loss)
        del loss
        alive.append(census.live)
    return alive, ledger.live_bytes, total_loss


for keep_tensor, label in [(True, "total_loss += loss"), (False, "total_loss += loss.item()")]:
    alive, saved_bytes, total_loss = train(keep_tensor)
    print(f"{label}:\n  graph nodes alive after each step: {alive}")
    print(f"  saved bytes alive at the end: {saved_bytes}   total_loss is a {type(total_loss).__name__}")
    if keep_tensor:
        growth = [after - before for before, after in zip(alive[:-1], alive[1:], strict=True)]
        assert saved_bytes == 0 and growth == [7 + 1] * len(growth)  # the step's nodes + one add
    else:
        assert alive == [0] * len(batches) and isinstance(total_loss, float)
