"""torch.compile: Python side effects keep running every call; a data-dependent `if` breaks the graph;
the guards on the list and the counter make the function's first frame recompile on every call."""
import torch
from torch._dynamo.eval_frame import _debug_get_cache_entry_list

graphs = []


def counting_backend(gm, example_inputs):           # called once per captured FX graph
    graphs.append(gm)
    return gm.forward                               # run the graph as is (no code generation)


calls = 0
log = []


# --8<-- [start:trace]
@torch.compile(backend=counting_backend)
def step(x):
    global calls
    calls += 1                                      # replayed on every call
    log.append("appended")                          # replayed on every call
    print("  Python print, x =", x)                 # graph break: runs eagerly, every call
    if x.sum() > 0:                                 # data-dependent: graph break
        return x * 2.0
    return -x


for arg in [torch.tensor([1.0, 2.0]),               # compile
            torch.tensor([3.0, 4.0]),               # same shape: FX graphs reused, but step's
                                                    # first frame recompiles (guard on log)
            torch.tensor([-1.0, -2.0, -3.0])]:      # new shape, other branch: compile more
    print("call with", arg.tolist(), "->", step(arg).tolist())
# --8<-- [end:trace]
print("calls: 3, body counter:", calls, "| list appended", len(log), "times")
print("FX graphs captured:", len(graphs))
entries = len(_debug_get_cache_entry_list(step._torchdynamo_orig_callable.__code__))
print("cache entries on step's own code:", entries, "(one per call: each call changed log)")
listing = []
for i, gm in enumerate(graphs, 1):
    ops = [str(n.target).replace("<built-in function ", "").rstrip(">")
           for n in gm.graph.nodes if n.op in ("call_function", "call_method")]
    ins = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
    print(f"  graph {i}: inputs {ins}, ops {ops}")
    listing.append(ops)
assert calls == len(log) == 3 and entries == 3
assert listing == [["sum", "gt"], ["mul"], ["sum", "gt"], ["neg"]]   # condition, branch, ...
