# snippet: timeout=180
"""mode= is a named set of Inductor options; "reduce-overhead" asks for CUDA graphs, which a CPU graph skips."""
import torch
import torch._inductor
from torch._dynamo.utils import counters

# --8<-- [start:modes]
modes = torch._inductor.list_mode_options()        # what each mode sets in torch._inductor.config
# --8<-- [end:modes]
for name, options in modes.items():
    if name == "lite":
        shown = f"{len(options)} options, among them fallback_by_default={options['fallback_by_default']}"
    else:
        shown = repr(options)
    print(f"{name + ':':<28}{shown}")
assert modes["default"] == {} and modes["reduce-overhead"] == {"triton.cudagraphs": True}
assert modes["max-autotune"]["max_autotune"] and modes["max-autotune"]["triton.cudagraphs"]
assert "triton.cudagraphs" not in modes["max-autotune-no-cudagraphs"]


def f(x):
    return torch.sin(x) * 2 + 1


print()
for kwargs in [{"mode": "max-autotune", "options": {"max_autotune": True}}, {"mode": "fast"}]:
    try:
        torch.compile(f, **kwargs)
    except RuntimeError as error:
        print(f"torch.compile(f, {', '.join(f'{k}={v!r}' for k, v in kwargs.items())}):")
        print(f"  RuntimeError: {error}")

# --8<-- [start:cpu]
compiled = torch.compile(f, mode="reduce-overhead")
x = torch.randn(8)
for _ in range(3):                                  # CUDA graphs would record, then replay
    result = compiled(x)
skipped = counters["inductor"]["cudagraph_skips"]   # graphs Inductor did not CUDA-graph
# --8<-- [end:cpu]
print(f"\nCUDA available: {torch.cuda.is_available()}")
print(f"mode='reduce-overhead' on a CPU tensor: cudagraph_skips={skipped}, "
      f"same result as eager: {torch.allclose(result, f(x))}")
assert skipped == 1 and torch.allclose(result, f(x))
