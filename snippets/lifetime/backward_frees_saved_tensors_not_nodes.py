"""backward() frees the saved tensors; the nodes live on for as long as something references them."""
import torch
from graphwatch import NodeCensus, SavedTensorLedger

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1))
x = torch.randn(32, 64)


def report(when, ledger, census):
    print(f"{when:<28} saved tensors: {ledger.live_slots}  ({ledger.live_bytes:>6} bytes)"
          f"   graph nodes: {census.live}")


# --8<-- [start:run]
census = NodeCensus()
with SavedTensorLedger(exclude=[*model.parameters(), x]) as ledger:
    loss = model(x).pow(2).mean()
census.tag(loss)
report("after forward", ledger, census)

loss.backward()
report("after backward", ledger, census)
assert ledger.live_bytes == 0 and census.live > 0  # saved tensors gone, nodes still here

del loss
report("after `del loss`", ledger, census)
assert census.live == 0
# --8<-- [end:run]

# --8<-- [start:retain]
census = NodeCensus()
with SavedTensorLedger(exclude=[*model.parameters(), x]) as ledger:
    loss = model(x).pow(2).mean()
census.tag(loss)
loss.backward(retain_graph=True)
report("after backward(retain_graph)", ledger, census)
assert ledger.live_bytes > 0
# --8<-- [end:retain]
