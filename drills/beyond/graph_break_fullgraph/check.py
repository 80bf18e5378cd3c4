from pathlib import Path

import torch
import torch._dynamo

from drills.harness import close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    fn = need(drill, "clip_by_norm")
    torch._dynamo.reset()
    compiled = torch.compile(fn, fullgraph=True, backend="eager")
    for g, limit in (
        (torch.tensor([3.0, 4.0]), 1.0),
        (torch.tensor([0.3, 0.4]), 1.0),
        (torch.tensor([6.0, -8.0, 0.0]), 5.0),
    ):
        got = guarded("torch.compile(clip_by_norm, fullgraph=True)", compiled, g, limit, path=path)
        norm = g.norm()
        close(
            got,
            g * min(1.0, limit / float(norm)),
            f"clip_by_norm({g.tolist()}, {limit})",
            f"clip_by_norm({g.tolist()}, {limit})",
        )
    return "clip_by_norm compiles as one graph and clips as before"
