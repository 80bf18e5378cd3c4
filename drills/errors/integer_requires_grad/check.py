from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    w = call(drill, "make_weights")
    if not w.is_floating_point():
        raise Fail(
            f"the weights have dtype {w.dtype}: only floating-point and complex tensors "
            "have gradients",
            f"权重的 dtype 是 {w.dtype}：只有浮点和复数张量才有梯度",
        )
    if not (w.requires_grad and w.is_leaf):
        raise Fail("the weights must be a leaf that requires grad", "权重必须是需要梯度的叶子张量")
    close(w, torch.tensor([1.0, 2.0, 3.0]), "the weights", "权重")
    guarded("backward()", (w * w).sum().backward, path=path)
    close(w.grad, torch.tensor([2.0, 4.0, 6.0]), "w.grad", "w.grad")
    return f"a {w.dtype} leaf that requires grad; w.grad = 2w"
