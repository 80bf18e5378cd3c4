"""torch.compile(..., recompile_limit=N) caps the compiles of one call; with fullgraph=True it raises."""
import torch
from logcapture import torch_logs

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


def layer(x, activation):
    return getattr(torch, activation)(x)


x = torch.ones(3)
names = ["relu", "tanh", "sigmoid", "sin"]

# --8<-- [start:limit]
capped = torch.compile(layer, backend=counting_backend, recompile_limit=2)
with torch_logs() as warnings:
    for name in names:
        before = len(compiles)
        out = capped(x, name)
        print(f"{name:>8}: {'compiled' if len(compiles) > before else 'ran eagerly'}")
        assert torch.equal(out, layer(x, name))
# --8<-- [end:limit]
print(warnings[0].splitlines()[0])
assert len(compiles) == 2 and len(warnings) == 1                                    # the global limit is still 8
assert torch._dynamo.config.recompile_limit == 8


def other_layer(x, activation):                               # a new code object, a new cache
    return getattr(torch, activation)(x) + 1


# --8<-- [start:strict]
strict = torch.compile(other_layer, backend=counting_backend, recompile_limit=2, fullgraph=True)
raised = None
with torch_logs():
    for name in names:
        try:
            strict(x, name)
            print(f"{name:>8}: compiled")
        except Exception as error:
            raised = error
            print(f"{name:>8}: {type(error).__name__}: {str(error).splitlines()[0]}")
            break
# --8<-- [end:strict]
assert type(raised) is torch._dynamo.exc.FailOnRecompileLimitHit and name == "sigmoid"
