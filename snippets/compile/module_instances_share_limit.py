"""Instances of one module class share one recompile limit: Dynamo inlines modules by default."""
# snippet: timeout=120
import torch
from logcapture import torch_logs
from torch._dynamo.eval_frame import _debug_get_cache_entry_list


class Block(torch.nn.Module):
    def __init__(self, graph_break=False):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)
        self.graph_break = graph_break

    def forward(self, x):
        x = self.linear(x)
        if self.graph_break:
            torch._dynamo.graph_break()
        return x.relu()


def entries():                                   # the cache on Block.forward's code object
    return _debug_get_cache_entry_list(Block.forward.__code__)


def two_instances(label, graph_break=False, match_instance=False):
    torch._dynamo.reset()
    torch.manual_seed(0)
    a, b = Block(graph_break), Block(graph_break)
    if match_instance:                           # private switch: guard the instance by id
        a.torchdynamo_force_dynamic = b.torchdynamo_force_dynamic = False
    # --8<-- [start:instances]
    compiled_a = torch.compile(a, backend="eager", dynamic=False)
    compiled_b = torch.compile(b, backend="eager", dynamic=False)
    with torch_logs() as warnings:
        for n in range(1, 6):                    # five batch sizes through instance a
            compiled_a(torch.ones(n, 4))
        from_a = len(entries())
        for n in range(6, 11):                   # five new batch sizes through instance b
            compiled_b(torch.ones(n, 4))
    # --8<-- [end:instances]
    from_b = len(entries()) - from_a
    matched = sorted({name for e in entries() for name in e.guard_manager.id_matched_objs})
    print(f"{label}:")
    print(f"  entries on Block.forward: {from_a} from instance a, {from_b} from instance b")
    print(f"  locals guarded by ID_MATCH: {matched or 'none'}; limit warnings: {len(warnings)}")
    for line in (warnings[0].splitlines()[:2] if warnings else []):
        print("    " + line.strip())
    return from_a, from_b, matched, warnings


from_a, from_b, matched, warnings = two_instances("Default (modules inlined, guarded by type)")
assert (from_a, from_b, matched) == (5, 3, [])   # one shared count of 8, not 8 per instance
assert len(warnings) == 1 and "hit config.recompile_limit (8)" in warnings[0]

from_a, from_b, matched, warnings = two_instances("A graph break inside forward", graph_break=True)
assert (from_a, from_b, matched) == (5, 3, [])   # still shared
assert any("hit config.recompile_limit (8)" in w and "'forward'" in w for w in warnings)

from_a, from_b, matched, warnings = two_instances("Each instance guarded by ID_MATCH",
                                                  match_instance=True)
assert (from_a, from_b, matched) == (5, 5, ["self"])   # a count of 8 per instance
assert warnings == []

torch._dynamo.reset()
a, b = Block(), Block()
torch.compile(a, backend="eager", dynamic=False)(torch.ones(3, 4))
torch.compile(b, backend="eager", dynamic=False)(torch.ones(3, 4))
print(f"One shape through both instances: {len(entries())} entry on Block.forward")
assert len(entries()) == 1                       # b reused the graph compiled for a
