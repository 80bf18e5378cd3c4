from pathlib import Path

import torch

from drills.harness import Fail, close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    fn = need(drill, "normalise")
    batch = torch.tensor(
        [[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -2.0, 2.0], [0.5, 0.0, 0.0]], dtype=torch.float64
    )
    loop = torch.stack([x / x.norm() if x.norm() > 0 else x for x in batch])
    got = guarded("torch.vmap(normalise)(batch)", torch.vmap(fn), batch, path=path)
    close(got, loop, "vmap(normalise)(batch)", "vmap(normalise)(batch)")
    weights = torch.tensor([1.0, 2.0, -1.0], dtype=torch.float64)
    per_example = torch.vmap(torch.func.grad(lambda x: (fn(x) * weights).sum()))
    grads = guarded("torch.vmap(torch.func.grad(...))", per_example, batch, path=path)
    if torch.isnan(grads).any():
        rows = sorted({int(i) for i in torch.nonzero(torch.isnan(grads))[:, 0]})
        raise Fail(
            f"the per-example gradients are NaN for example(s) {rows} (all zeros): the "
            "branch that divides still divides by 0",
            f"样本 {rows}（全零）的逐样本梯度是 NaN：做除法的那个分支仍然除以了 0",
        )
    expected = []
    for x in batch:
        x = x.clone().requires_grad_()
        n = x.norm()
        out = x / n if n > 0 else x
        expected.append(torch.autograd.grad((out * weights).sum(), x)[0])
    close(grads, torch.stack(expected), "the per-example gradients", "逐样本梯度")
    return "vmap(normalise) and vmap(grad(...)) match a Python loop, no NaN"
