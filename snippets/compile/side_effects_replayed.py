"""torch.compile traces a counter and a list.append, replays them every call, and guards on them."""
import torch
from logcapture import torch_logs, without_source_comments

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


calls = 0
log = []


# --8<-- [start:fullgraph]
@torch.compile(backend=counting_backend, fullgraph=True)    # any graph break would raise
def count(x):
    global calls
    calls += 1
    return x * 2.0


@torch.compile(backend=counting_backend, fullgraph=True)
def append(x):
    log.append("appended")
    return x * 2.0
# --8<-- [end:fullgraph]


x = torch.tensor([1.0, 2.0])
with torch_logs(recompiles=True) as reasons:
    for _ in range(4):
        count(x)
    count_graphs = len(graphs)
    for _ in range(4):
        append(x)
print(f"count:  4 calls, counter = {calls}, graphs compiled: {count_graphs}")
print(f"append: 4 calls, len(log) = {len(log)}, graphs compiled: {len(graphs) - count_graphs}")
print("the guards that failed (frame 0 is count, frame 1 is append):")
for reason in reasons:
    lines = [line.strip() for line in without_source_comments(reason).splitlines()]
    print("   ", next(line for line in lines if line.startswith("- ")))
assert calls == len(log) == 4                       # replayed on every call, no graph break
assert count_graphs == 4 and len(graphs) == 8       # ... but guarded on the values read
assert "G['calls'] == 2" in "".join(reasons) and "len(G['log']) == 2" in "".join(reasons)
