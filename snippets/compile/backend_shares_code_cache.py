"""One code object, one cache: a second torch.compile reuses it with the same backend, recompiles
with another, and its entries count toward the same recompile_limit unless isolate_recompiles=True;
accumulated_recompile_limit caps one code object's entries across all of them."""
import torch
import torch._dynamo
from logcapture import torch_logs
from torch._dynamo.eval_frame import _debug_get_cache_entry_list, _get_cache_entries_for_region


def layer(x):
    return torch.sin(x) + 1


x = torch.ones(3)
reasons = []


def call(title, compiled):
    before = len(_debug_get_cache_entry_list(layer))
    with torch_logs(recompiles=True) as messages:
        assert torch.allclose(compiled(x), layer(x))
    reasons.extend(messages)
    entries = len(_debug_get_cache_entry_list(layer))
    limit_hit = any("torch._dynamo hit config." in message for message in messages)
    outcome = "compiled" if entries > before else "ran eagerly" if limit_hit else "reused"
    print(f"{title:<46} {outcome:<12} entries on layer.__code__: {entries}")
    return outcome


# --8<-- [start:backends]
first = torch.compile(layer, backend="eager")
again = torch.compile(layer, backend="eager")        # a second torch.compile, same backend
other = torch.compile(layer, backend="aot_eager")    # the same function, another backend
# --8<-- [end:backends]
assert call('torch.compile(layer, backend="eager")', first) == "compiled"
assert call('again, backend="eager"', again) == "reused"
assert call('backend="aot_eager"', other) == "compiled"
reason = reasons[0].splitlines()[2].strip().split(". ")[0]
print("    reason:", reason)
assert "BACKEND_MATCH failure" in reason

# --8<-- [start:limit]
with torch._dynamo.config.patch(recompile_limit=2):     # two entries exist already
    third = torch.compile(layer, backend="aot_eager_decomp_partition")
    limited = call('backend="aot_eager_decomp_partition"', third)
    isolated = torch.compile(layer, backend="aot_eager_decomp_partition",
                             isolate_recompiles=True)
    own_limit = call("the same, isolate_recompiles=True", isolated)
# --8<-- [end:limit]
own = _get_cache_entries_for_region(layer, isolated._isolate_recompiles_id)
print("entries in the isolated call's own region:", len(own))
assert limited == "ran eagerly" and own_limit == "compiled" and len(own) == 1


def other_layer(x):
    return torch.cos(x) + 1


# --8<-- [start:accumulated]
with torch._dynamo.config.patch(accumulated_recompile_limit=3):   # layer has 3 entries
    another = torch.compile(layer, backend=lambda gm, example_inputs: gm.forward,
                            isolate_recompiles=True)
    capped = call("a new backend, isolated, accumulated limit 3", another)
    torch.compile(other_layer, backend="eager")(x)                # another code object
    others = len(_debug_get_cache_entry_list(other_layer))
print("other_layer, under the same accumulated limit, compiled:", others == 1)
# --8<-- [end:accumulated]
assert capped == "ran eagerly" and others == 1
