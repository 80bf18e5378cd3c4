from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
    y = call(drill, "dense", x, w)
    if type(y.grad_fn).__name__ != "DenseBackward":
        raise Fail("dense() must use the Dense Function", "dense() 必须使用 Dense 这个 Function")
    v = torch.randn(4, 2, dtype=torch.float64)
    guarded("backward through dense()", y.backward, v, path=path)
    close(x.grad, v @ w.detach().t(), "x.grad", "x.grad")
    expected = x.detach().t() @ v
    assert w.grad is not None
    if w.grad.shape == expected.shape and not torch.allclose(w.grad, expected):
        raise Fail(
            "w.grad has w's shape but the wrong values: a reshape of the transposed "
            "gradient puts the right numbers in the wrong places",
            "w.grad 的形状与 w 相同，但数值错了：对转置梯度做 reshape，只是把正确的数放到了"
            "错误的位置",
        )
    close(w.grad, expected, "w.grad", "w.grad")
    if not torch.autograd.gradcheck(drill.dense, (x, w), raise_exception=False):
        raise Fail("gradcheck disagrees with your backward", "gradcheck 与你的 backward 不一致")
    return "both gradients have their inputs' shapes and values; gradcheck agrees"
