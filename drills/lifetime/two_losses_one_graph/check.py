from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def _modules() -> list[torch.nn.Module]:
    torch.manual_seed(0)
    encoder = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())
    return [encoder, torch.nn.Linear(8, 1), torch.nn.Linear(8, 2)]


def check(path: Path) -> str:
    drill = load(path)
    x = torch.randn(6, 4)
    modules = _modules()
    calls = []
    modules[0].register_forward_hook(lambda *_: calls.append(1))
    call(drill, "two_heads_step", *modules, x)
    if len(calls) != 1:
        raise Fail(
            f"the encoder ran {len(calls)} times; once is enough for both losses",
            f"编码器运行了 {len(calls)} 次；两个损失用一次就够了",
        )
    encoder, head_a, head_b = _modules()
    features = encoder(x)
    (head_a(features).pow(2).mean() + head_b(features).abs().mean()).backward()
    for name, got, ref in zip(
        ("encoder", "head_a", "head_b"), modules, (encoder, head_a, head_b), strict=True
    ):
        for (pname, p), q in zip(got.named_parameters(), ref.parameters(), strict=True):
            close(p.grad, q.grad, f"{name}.{pname}.grad", f"{name}.{pname}.grad")
    return "every parameter holds the gradient of loss_a + loss_b, the encoder ran once"
