from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    x = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
    y = call(drill, "soft_clip", x, 2.0)
    if type(y.grad_fn).__name__ != "SoftClipBackward":
        raise Fail(
            "soft_clip() must use the SoftClip Function",
            "soft_clip() 必须使用 SoftClip 这个 Function",
        )
    close(y, 2.0 * torch.tanh(x.detach() / 2.0), "soft_clip(x)", "soft_clip(x)")
    batched = guarded(
        "torch.vmap(soft_clip)",
        torch.vmap(lambda t: drill.soft_clip(t, 2.0)),
        x.detach(),
        path=path,
    )
    close(batched, 2.0 * torch.tanh(x.detach() / 2.0), "vmap(soft_clip)(x)", "vmap(soft_clip)(x)")
    per_sample = torch.vmap(torch.func.grad(lambda t: (drill.soft_clip(t, 2.0) * t).sum()))
    got = guarded("torch.vmap(torch.func.grad(...))", per_sample, x.detach(), path=path)
    t = x.detach()
    expected = 2.0 * torch.tanh(t / 2.0) + t * (1 - torch.tanh(t / 2.0) ** 2)
    close(got, expected, "the per-sample gradients", "逐样本梯度")
    if not torch.autograd.gradcheck(lambda t: drill.soft_clip(t, 2.0), (x,)):
        raise Fail("gradcheck fails on soft_clip", "soft_clip 没有通过 gradcheck")
    return "soft_clip works under vmap, grad and vmap(grad); gradcheck passes"
