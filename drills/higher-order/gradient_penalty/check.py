from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def _critic() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)
    ).double()


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(1)
    real, fake = torch.randn(6, 2, dtype=torch.float64), torch.randn(6, 2, dtype=torch.float64)
    alpha = torch.rand(6, 1, dtype=torch.float64)
    critic = _critic()
    gp = call(drill, "gradient_penalty", critic, real, fake, alpha)
    if not isinstance(gp, torch.Tensor) or gp.grad_fn is None:
        raise Fail(
            "the penalty is a constant (it has no grad_fn): the critic's weights get no "
            "gradient from it",
            "惩罚项是一个常量（没有 grad_fn）：评论家的权重从它那里得不到梯度",
        )
    stray = [n for n, p in critic.named_parameters() if p.grad is not None]
    if stray:
        raise Fail(
            f"computing the penalty left gradients in the critic's {', '.join(stray)}: "
            "they would be added to the next step's",
            f"计算惩罚项时在评论家的 {', '.join(stray)} 里留下了梯度：它们会被加进下一步的梯度",
        )
    guarded("backward() of the penalty", gp.backward, path=path)
    ref = _critic()
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_()
    (g,) = torch.autograd.grad(ref(x_hat).sum(), x_hat, create_graph=True)
    expected = ((g.norm(dim=1) - 1) ** 2).mean()
    expected.backward()
    close(gp, expected, "the penalty", "惩罚项")
    for (name, p), q in zip(critic.named_parameters(), ref.parameters(), strict=True):
        close(p.grad, q.grad, f"{name}.grad from the penalty", f"惩罚项给出的 {name}.grad")
    return "the penalty backpropagates into every critic weight, nothing left behind"
