from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load, show


def check(path: Path) -> str:
    drill = load(path)
    a = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = call(drill, "square", a * 1)
    if type(y.grad_fn).__name__ != "SquareBackward":
        raise Fail(
            "square() must use the Square Function", "square() 必须使用 Square 这个 Function"
        )
    guarded("backward through square()", y.sum().backward, path=path)
    close(a.grad, 2 * a.detach(), "the gradient", "梯度")
    a.grad = None
    x = a * 1
    y = call(drill, "square", x)
    x.add_(10)
    try:
        y.sum().backward()
    except RuntimeError as error:
        if "modified by an inplace operation" in str(error):
            return "a change of x after forward is caught by the version check"
        raise Fail(
            f"backward raised, but not the version check: {error}",
            f"backward 报错了，但不是版本检查：{error}",
        ) from error
    raise Fail(
        f"x was changed in place after forward, and backward silently returned "
        f"{show(a.grad)}, computed from the changed x (right: {show(2 * a.detach())})",
        f"x 在前向之后被就地修改，而 backward 悄无声息地返回了 {show(a.grad)}，"
        f"这是用改过的 x 算的（正确值：{show(2 * a.detach())}）",
    )
