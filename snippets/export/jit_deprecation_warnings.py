"""torch.jit.script and torch.jit.trace warn that they are deprecated, but default filters hide it."""
import warnings

import torch


def scale(x):
    return x.sin() * 2


example = (torch.randn(3),)

# --8<-- [start:default]
with warnings.catch_warnings(record=True) as hidden:   # keeps the default filters
    torch.jit.script(scale)
print("warnings shown under the default filters:", len(hidden))
# --8<-- [end:default]

# --8<-- [start:always]
for api, call in [("torch.jit.script", lambda: torch.jit.script(scale)),
                  ("torch.jit.trace", lambda: torch.jit.trace(scale, example))]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")                 # show every warning
        compiled = call()
    print(f"{api}:")
    for w in caught:
        module = w.filename.split("site-packages/")[-1]
        print(f"  {w.category.__name__} (raised in {module}): {w.message}")
    assert caught and all(issubclass(w.category, DeprecationWarning) for w in caught)
    assert torch.equal(compiled(*example), scale(*example))   # still works, for now
# --8<-- [end:always]

x = torch.randn(3, requires_grad=True)
torch.jit.script(scale)(x).sum().backward()
print("a scripted function still runs and differentiates:", torch.allclose(x.grad, 2 * x.cos()))
assert not hidden and torch.allclose(x.grad, 2 * x.cos())
