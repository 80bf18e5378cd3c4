import re
from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load, source_of


def check(path: Path) -> str:
    drill = load(path)
    w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    b = torch.tensor([0.3], requires_grad=True)
    params = [w, b]
    for step in range(3):
        loss = ((w * 2 + b) ** 2).sum()
        guarded(f"backward() at step {step + 1}", loss.backward, path=path)
        call(drill, "sgd_step", params, 0.05)
        if not (w.is_leaf and b.is_leaf):
            raise Fail(
                f"after step {step + 1} a parameter is no longer a leaf "
                f"(grad_fn={type((w if not w.is_leaf else b).grad_fn).__name__}): the "
                "update was recorded",
                f"第 {step + 1} 步之后有参数不再是叶子张量：更新被记录了",
            )
        if w.grad is not None or b.grad is not None:
            raise Fail("sgd_step() must clear the gradients", "sgd_step() 必须清空梯度")
    ref_w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    ref_b = torch.tensor([0.3], requires_grad=True)
    optimizer = torch.optim.SGD([ref_w, ref_b], lr=0.05)
    for _ in range(3):
        optimizer.zero_grad()
        ((ref_w * 2 + ref_b) ** 2).sum().backward()
        optimizer.step()
    close(w, ref_w, "w after 3 steps", "3 步之后的 w")
    close(b, ref_b, "b after 3 steps", "3 步之后的 b")
    if re.search(r"\.data\b", source_of(drill)):
        raise Fail(
            "the values are right, but the update goes through .data, which bypasses the "
            "version counter: autograd cannot notice it. Update under torch.no_grad()",
            "数值对了，但更新是通过 .data 进行的，绕过了版本计数器：autograd 察觉不到它。"
            "请在 torch.no_grad() 下更新",
        )
    return "3 steps equal torch.optim.SGD; the parameters stay leaves"
