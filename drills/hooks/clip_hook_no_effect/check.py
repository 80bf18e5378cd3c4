from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    x = torch.randn(16, 3) * 5
    call(drill, "clip_each_gradient", model, 0.05)
    guarded("backward()", model(x).pow(2).sum().backward, path=path)
    torch.manual_seed(0)
    ref = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    ref(x).pow(2).sum().backward()
    for (name, p), q in zip(model.named_parameters(), ref.parameters(), strict=True):
        assert p.grad is not None and q.grad is not None
        biggest = p.grad.abs().max().item()
        if biggest > 0.05 + 1e-6:
            same = torch.allclose(p.grad, q.grad)
            raise Fail(
                f"{name}.grad reaches {biggest:.3g}, beyond the limit 0.05"
                + (": the hook ran but the gradient is unchanged" if same else ""),
                f"{name}.grad 达到 {biggest:.3g}，超过了上限 0.05"
                + ("：钩子运行了，但梯度没有变" if same else ""),
            )
        close(p.grad, q.grad.clamp(-0.05, 0.05), f"{name}.grad", f"{name}.grad")
    return "every parameter's gradient arrived clipped to [-0.05, 0.05]"
