"""After recompile_limit compiles of one function, Dynamo warns and runs new cases in eager."""
import torch
from logcapture import torch_logs, without_source_comments

compiles, graph_runs = [], []


def counting_backend(gm, example_inputs):
    compiles.append(gm)

    def run(*args):
        graph_runs.append(gm)                   # a compiled graph ran
        return gm.forward(*args)
    return run


def layer(x, activation):
    return getattr(torch, activation)(x)


names = ["relu", "tanh", "sigmoid", "sin", "cos", "exp", "abs", "neg", "sqrt", "square", "relu"]
x = torch.ones(3)
print("torch._dynamo.config.recompile_limit =", torch._dynamo.config.recompile_limit)
compiled = torch.compile(layer, backend=counting_backend)
with torch_logs() as warnings:                  # what torch logs by default
    for name in names:
        compiled_before, runs_before = len(compiles), len(graph_runs)
        out = compiled(x, name)
        if len(compiles) > compiled_before:
            how = "compiled"
        elif len(graph_runs) > runs_before:
            how = "reused its graph"
        else:
            how = "ran eagerly"
        print(f"{name:>8}: {how}")
        assert torch.equal(out, layer(x, name))
print(f"{len(compiles)} compiles, {len(warnings)} warning:")
print(without_source_comments(warnings[0]))
assert len(compiles) == torch._dynamo.config.recompile_limit == 8 and len(warnings) == 1
assert torch._dynamo.config.cache_size_limit == 8            # the older name, an alias
assert how == "reused its graph"                              # the last call: relu again
