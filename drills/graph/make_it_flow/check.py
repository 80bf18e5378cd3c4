from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    w = call(drill, "fit")
    if not isinstance(w, torch.Tensor):
        raise Fail(
            f"fit() returned {type(w).__name__}, not a tensor",
            f"fit() 返回的是 {type(w).__name__}，不是张量",
        )
    if not w.is_leaf:
        raise Fail(
            f"fit() returned a non-leaf (grad_fn={type(w.grad_fn).__name__}): the updates "
            "were recorded; make them under torch.no_grad()",
            f"fit() 返回了非叶子张量（grad_fn={type(w.grad_fn).__name__}）：更新被记录进了"
            "计算图；应在 torch.no_grad() 下更新",
        )
    close(w, torch.tensor([2.0, -3.0]), "the fitted w", "拟合出的 w", atol=1e-2, rtol=0)
    return f"fit() returned w = {w.detach().numpy().round(3).tolist()}"
