from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    net = torch.nn.Linear(2, 1)
    s, r, s_next = torch.randn(8, 2), torch.randn(8), torch.randn(8, 2)
    loss = call(drill, "td_loss", net, s, r, s_next)
    guarded("backward() of td_loss()", loss.backward, path=path)
    with torch.no_grad():
        target = r + 0.9 * net(s_next).squeeze(1)
    ref = torch.nn.Linear(2, 1)
    ref.load_state_dict(net.state_dict())
    ((ref(s).squeeze(1) - target) ** 2).mean().backward()
    close(loss, ((ref(s).squeeze(1) - target) ** 2).mean(), "td_loss()", "td_loss()")
    assert net.weight.grad is not None and ref.weight.grad is not None
    if not torch.allclose(net.weight.grad, ref.weight.grad, atol=1e-6):
        through = torch.allclose(net.weight.grad, _full_gradient(net, s, r, s_next), atol=1e-6)
        raise Fail(
            (
                "net.weight.grad is "
                + (
                    "the gradient through both value and target: the "
                    "target's graph still reaches the network's parameters"
                    if through
                    else "not the gradient through value(s) alone"
                )
            ),
            (
                "net.weight.grad "
                + (
                    "是同时穿过估值和目标值的梯度：目标值的计算图仍然通向网络参数"
                    if through
                    else "不是只穿过 value(s) 的梯度"
                )
            ),
        )
    close(net.bias.grad, ref.bias.grad, "net.bias.grad", "net.bias.grad")
    return "the gradient reaches the parameters through value(s) only"


def _full_gradient(
    net: torch.nn.Module, s: torch.Tensor, r: torch.Tensor, s_next: torch.Tensor
) -> torch.Tensor:
    target = r + 0.9 * net(s_next).squeeze(1)
    loss = ((net(s).squeeze(1) - target) ** 2).mean()
    return torch.autograd.grad(loss, net.weight)[0]
