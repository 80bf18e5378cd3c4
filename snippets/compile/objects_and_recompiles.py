"""Which new Python objects recompile: new modules and plain objects do not; new functions do."""
import re

import torch
import torch._dynamo
from logcapture import torch_logs, without_source_comments

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


def apply(x, fn):
    return fn(x)


class Scale(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


class Config:
    def __init__(self, k):
        self.k = k


def use_config(x, cfg):
    return x * cfg.k


def count(title, fn, arguments, expected):
    torch._dynamo.reset()
    compiles.clear()
    compiled = torch.compile(fn, backend=counting_backend)
    with torch_logs(recompiles=True) as reasons:
        for argument in arguments:
            assert torch.allclose(compiled(x, argument), fn(x, argument))
    print(f"{title:<36} {len(arguments)} calls, {len(compiles)} compile(s)")
    assert len(compiles) == expected, (title, len(compiles))
    return reasons


torch.manual_seed(0)
x = torch.randn(3)
count("new nn.Linear(3, 3) each call", apply, [torch.nn.Linear(3, 3) for _ in range(4)], 1)
count("new Scale(2.0) module each call", apply, [Scale(2.0) for _ in range(4)], 1)
count("new Config(k=2) object each call", use_config, [Config(2) for _ in range(3)], 1)
count("new lambda t: t + 1 each call", apply, [(lambda t: t + 1) for _ in range(3)], 1)
reasons = count("torch.sin, torch.cos, torch.tan", apply, [torch.sin, torch.cos, torch.tan], 3)
guard = next(line for line in reasons[0].splitlines() if line.strip().startswith("- "))
guard = without_source_comments(guard.strip().removeprefix("- "))
guard = re.sub(r"\d{6,}", "<id of torch.sin>", guard)
print(f"    first recompile: {guard}")
assert "___check_obj_id" in guard
# an int attribute the code reads: a plain object's turns symbolic after one change, like an int
# argument; an nn.Module's int attributes are guarded on their value (config default)
count("Config(k) with k = 2, 3, 4, 5", use_config, [Config(k) for k in (2, 3, 4, 5)], 2)
count("Scale(k) module with k = 2, 3, 4, 5", apply, [Scale(k) for k in (2, 3, 4, 5)], 4)
assert torch._dynamo.config.allow_unspec_int_on_nn_module is False
