from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    params = call(drill, "make_params")
    torch.manual_seed(0)
    expected = [torch.randn(3, 1) * 0.01, torch.zeros(1)]
    for name, p, e in zip(("w", "b"), params, expected, strict=True):
        if not p.is_leaf:
            raise Fail(
                f"{name} is not a leaf: it is the result of {type(p.grad_fn).__name__}, a "
                "recorded operation, so the optimizer cannot update it in place",
                f"{name} 不是叶子张量：它是被记录的运算 {type(p.grad_fn).__name__} 的结果，"
                "优化器无法就地更新它",
            )
        if not p.requires_grad:
            raise Fail(f"{name} does not require grad", f"{name} 不需要梯度")
        close(p, e, f"the initial {name}", f"{name} 的初始值")
    loss = call(drill, "train")
    if not loss < 1e-3:
        raise Fail(
            f"train() ended at loss {loss:.4g}; it should fit (below 1e-3)",
            f"train() 结束时损失为 {loss:.4g}；应当能拟合（低于 1e-3）",
        )
    return f"w and b are leaves with the intended values; train() reached loss {loss:.2e}"
