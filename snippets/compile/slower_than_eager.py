# snippet: timeout=180
"""Why a compiled function can be slower than eager: compile time, graph breaks, per-call overhead."""
import contextlib
import os
import re
import time
import timeit

import torch
import torch._dynamo
from fieldkit import measured
from torch._dynamo.utils import counters
from torch.profiler import ProfilerActivity, profile

history = []


# --8<-- [start:model]
@torch.compiler.disable
def log_loss(loss):                    # bookkeeping, left to eager: a graph break
    history.append(loss.detach())


def step(x, w):
    h = torch.relu(x @ w)
    loss = (h * h).mean()
    log_loss(loss)
    return torch.tanh(h).sum(dim=1) * loss
# --8<-- [end:model]


def per_call_us(fn, *args):
    """Best of 5 batches of 200 calls: microseconds per call."""
    return min(timeit.repeat(lambda: fn(*args), number=200, repeat=5)) / 200 * 1e6


@contextlib.contextmanager
def quiet_stderr():
    """The profiler's C++ side prints start/stop lines with timestamps to stderr; drop them."""
    saved = os.dup(2)
    with open(os.devnull, "w") as devnull:
        os.dup2(devnull.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


torch.set_num_threads(1)                            # as the build does: no thread-pool noise
torch.manual_seed(0)
x, w = torch.randn(16, 32), torch.randn(32, 32)

# --8<-- [start:explain]
report = torch._dynamo.explain(step)(x, w)          # graphs and breaks, before timing anything
# --8<-- [end:explain]
print(f"graphs: {report.graph_count}, graph breaks: {report.graph_break_count}, "
      f"reason: {report.break_reasons[0].reason.splitlines()[0]}")

# --8<-- [start:time]
before = counters["stats"]["unique_graphs"]         # Dynamo counts every graph it compiles
compiled = torch.compile(step)
start = time.perf_counter()
compiled(x, w)                                      # traces, compiles both graphs, runs
first_ms = (time.perf_counter() - start) * 1e3
compiled_us = per_call_us(compiled, x, w)           # later calls: guards + compiled code
eager_us = per_call_us(step, x, w)
graphs = counters["stats"]["unique_graphs"] - before
# --8<-- [end:time]
print(f"first call (compiles):      {measured(f'{first_ms:8.0f} ms')}")
print(f"later calls, compiled:      {measured(f'{compiled_us:8.1f} us')}")
print(f"calls, eager:               {measured(f'{eager_us:8.1f} us')}")
print(f"compiled / eager per call:  {measured(f'{compiled_us / eager_us:8.2f}')}")
print(f"graphs compiled in {1 + 5 * 200} compiled calls: {graphs}")
assert first_ms > 50 * compiled_us / 1e3 and graphs == 2

# --8<-- [start:profile]
with quiet_stderr(), profile(activities=[ProfilerActivity.CPU]) as prof:
    for _ in range(10):
        compiled(x, w)
# --8<-- [end:profile]
events = prof.events()
total = sum(event.self_cpu_time_total for event in events)
rows, graph_ids = {}, {}                            # event name -> [calls, self CPU], first seen first
for event in events:
    if event.cpu_parent is not None and event.cpu_parent.name.startswith("aten::"):
        continue                                    # inside an ATen op: counted in its parent's total
    name = re.sub(r"CompiledFxGraph (\w+)",         # a hash of the graph: number them instead
                  lambda m: f"CompiledFxGraph {graph_ids.setdefault(m[1], len(graph_ids) + 1)}",
                  event.name)
    row = rows.setdefault(name, [0, 0.0])
    row[0] += 1
    row[1] += event.self_cpu_time_total
# --8<-- [start:table]
print(f"\n{'event, 10 calls':<44}{'count':>6}  {'share of self CPU time':>22}")
for name, (count, self_us) in rows.items():
    print(f"{name:<44}{count:>6}  {measured(f'{100 * self_us / total:5.1f} %')}")
# --8<-- [end:table]
top = max(rows, key=lambda name: rows[name][1])
print(f"largest self CPU time: {measured(top)}")
assert rows["Torch-Compiled Region: 0/0"][0] == rows["Torch-Compiled Region: 1/0"][0] == 10
assert rows["TorchDynamo Cache Lookup"][0] == 20 and rows["aten::mm"][0] == 10

# --8<-- [start:recompile]
start = time.perf_counter()
compiled(torch.randn(24, 32), w)                    # a new batch size
new_shape_ms = (time.perf_counter() - start) * 1e3
# --8<-- [end:recompile]
print(f"\nnew batch size: {measured(f'{new_shape_ms:.0f} ms')}, "
      f"graphs compiled in all: {counters['stats']['unique_graphs'] - before}")
assert counters["stats"]["unique_graphs"] - before == 4 and new_shape_ms > 50 * compiled_us / 1e3
assert torch.allclose(compiled(x, w), step(x, w), atol=1e-5)
