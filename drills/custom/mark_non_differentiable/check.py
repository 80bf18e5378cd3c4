from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([-2.0, -0.5, 0.3, 1.7, 0.9], requires_grad=True)
    out, mask = call(drill, "clamp_with_mask", x, -1.0, 1.0)
    expected_mask = torch.tensor([0.0, 1.0, 1.0, 0.0, 1.0])
    close(out, x.detach().clamp(-1.0, 1.0), "the clamped output", "截断后的输出")
    close(mask, expected_mask, "the mask", "掩码")
    if mask.requires_grad:
        raise Fail(
            f"the mask requires grad (grad_fn={type(mask.grad_fn).__name__}), though no "
            "gradient flows through it",
            f"掩码需要梯度（grad_fn={type(mask.grad_fn).__name__}），可并没有梯度会穿过它",
        )
    if out.grad_fn is None or type(out.grad_fn).__name__ != "ClampWithMaskBackward":
        raise Fail(
            "the clamped output must come from the ClampWithMask Function",
            "截断后的输出必须来自 ClampWithMask 这个 Function",
        )
    loss = (out * mask * 3).sum()
    guarded("backward of (out * mask * 3).sum()", loss.backward, path=path)
    close(x.grad, 3 * expected_mask, "x.grad", "x.grad")
    return "the mask is a constant (requires_grad=False); x.grad is right"
