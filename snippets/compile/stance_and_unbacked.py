"""set_stance("fail_on_recompile") turns a recompile into an error, set_stance("force_eager") runs
compiled functions eagerly; mark_unbacked covers sizes 0 and 1."""
import torch

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


def total(x):
    return (x * 2).sum()


# --8<-- [start:stance]
compiled = torch.compile(total, backend=counting_backend)
compiled(torch.ones(2))                                 # warm-up: compile for the shape seen
with torch.compiler.set_stance("fail_on_recompile"):
    compiled(torch.ones(2))                             # cached graph: fine
    try:
        compiled(torch.ones(3))                         # would need a recompile
    except RuntimeError as error:
        message = str(error).split(". filename")[0]
        print(f"new size under fail_on_recompile: {type(error).__name__}: {message}")
with torch.compiler.set_stance("force_eager"):
    result = compiled(torch.ones(4))                    # new size: no compile, plain eager
print(f"new size under force_eager: {result.item()}, graphs compiled so far: {len(compiles)}")
# --8<-- [end:stance]
assert len(compiles) == 1 and result.item() == 8.0


def mean(x):
    return x.sum() / x.shape[0]


# --8<-- [start:unbacked]
compiled = torch.compile(mean, backend=counting_backend)
x = torch.ones(5)
torch._dynamo.decorators.mark_unbacked(x, 0)            # size unknown, not even assumed >= 2
compiled(x)
for n in [1, 0, 7]:
    before = len(compiles)
    y = torch.ones(n)
    torch._dynamo.decorators.mark_unbacked(y, 0)
    compiled(y)
    print(f"unbacked size {n}: {'compiled' if len(compiles) > before else 'reused the graph'}")
# --8<-- [end:unbacked]
assert len(compiles) == 2
