from pathlib import Path

import torch
from torch.autograd.gradcheck import GradcheckError

from drills.harness import Fail, call, load, show


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([-2.0, -0.3, 0.0, 0.8, 2.5], dtype=torch.float64, requires_grad=True)
    y = call(drill, "silu", x)
    if type(y.grad_fn).__name__ != "SiLUBackward":
        raise Fail("silu() must use the SiLU Function", "silu() 必须使用 SiLU 这个 Function")
    for name, test in (
        ("gradcheck", torch.autograd.gradcheck),
        ("gradgradcheck", torch.autograd.gradgradcheck),
    ):
        try:
            test(drill.silu, (x,))
        except GradcheckError as error:
            first = str(error).strip().splitlines()[0].rstrip(",.") + "."
            (g,) = torch.autograd.grad(drill.silu(x).sum(), x, create_graph=True)
            (got,) = torch.autograd.grad(g.sum(), x) if g.requires_grad else (None,)
            s = torch.sigmoid(x.detach())
            want = s * (1 - s) * (2 + x.detach() * (1 - 2 * s))
            seen = show(got) if got is not None else "nothing (the gradient is a constant)"
            raise Fail(
                f"{name} failed: {first} Your second derivative is {seen}; the true one "
                f"is {show(want)}",
                f"{name} 失败：{first} 你的二阶导数是 {seen}；真实值是 {show(want)}",
            ) from error
        except RuntimeError as error:
            first = str(error).strip().splitlines()[0]
            raise Fail(f"{name} raised: {first}", f"{name} 报错：{first}") from error
    return "gradcheck and gradgradcheck pass"
