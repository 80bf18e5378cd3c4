from pathlib import Path

import torch

from drills.harness import Fail, close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    op = need(drill, "softplus")
    x = torch.randn(6, dtype=torch.float64, requires_grad=True)
    y = guarded("softplus(x)", op, x, path=path)
    close(y, torch.nn.functional.softplus(x.detach()), "softplus(x)", "softplus(x)")
    guarded("backward through softplus()", y.sum().backward, path=path)
    close(x.grad, torch.sigmoid(x.detach()), "x.grad", "x.grad")
    if not torch.autograd.gradcheck(op, (x,), raise_exception=False):
        raise Fail(
            "gradcheck disagrees with the registered backward", "gradcheck 与注册的 backward 不一致"
        )
    compiled = torch.compile(lambda t: op(t).sum(), backend="aot_eager", fullgraph=True)
    out = guarded("torch.compile(fullgraph=True) over softplus", compiled, x, path=path)
    close(
        out, torch.nn.functional.softplus(x.detach()).sum(), "the compiled result", "编译后的结果"
    )
    report = guarded("torch.library.opcheck", torch.library.opcheck, op, (x,), path=path)
    failed = [test for test, result in report.items() if result != "SUCCESS"]
    if failed:
        raise Fail(f"opcheck failed: {', '.join(failed)}", f"opcheck 未通过：{', '.join(failed)}")
    return "gradients, torch.compile(fullgraph=True) and all four opcheck tests pass"
