from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load, show


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([0.5, -1.5, 2.0], dtype=torch.float64, requires_grad=True)
    y = call(drill, "cube", x)
    close(y, x.detach() ** 3, "cube(x)", "cube(x)")
    if type(y.grad_fn).__name__ != "CubeBackward":
        raise Fail("cube() must use the Cube Function", "cube() 必须使用 Cube 这个 Function")
    v = torch.tensor([1.0, 10.0, -2.0], dtype=torch.float64)
    (got,) = guarded("backward through cube()", torch.autograd.grad, y, x, v, path=path)
    expected = v * 3 * x.detach() ** 2
    if torch.allclose(got, 3 * x.detach() ** 2):
        raise Fail(
            f"with grad_output = {show(v)} your backward still returns 3x² = {show(got)}: "
            f"it ignores grad_output (expected {show(expected)})",
            f"grad_output = {show(v)} 时，你的 backward 仍然返回 3x² = {show(got)}："
            f"它忽略了 grad_output（期望 {show(expected)}）",
        )
    close(got, expected, "the gradient", "梯度")
    if not torch.autograd.gradcheck(drill.cube, (x,), raise_exception=False):
        raise Fail("gradcheck disagrees with your backward", "gradcheck 与你的 backward 不一致")
    return "backward returns grad_output * 3x², and gradcheck agrees"
