from pathlib import Path

import torch

from drills.harness import call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    x = torch.randn(4, 3)
    w = torch.randn(3, 3, requires_grad=True)
    out = call(drill, "gated", x, w)
    guarded("backward() of gated(x, w)", out.backward, path=path)
    w_ref = w.detach().clone().requires_grad_()
    expected_out = (2 * torch.sigmoid(x @ w_ref) * x).sum()
    expected_out.backward()
    close(out, expected_out, "gated(x, w)", "gated(x, w)")
    close(w.grad, w_ref.grad, "w.grad", "w.grad")
    return "backward ran; gated(x, w) and w.grad are right"
