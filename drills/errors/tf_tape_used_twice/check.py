from pathlib import Path

import numpy as np
import tensorflow as tf
import torch

from drills.harness import close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    fn = need(drill, "two_gradients")
    w = tf.Variable([0.5, -1.0, 2.0])
    x = tf.constant([[1.0, 0.0, 2.0], [0.5, -1.0, 1.0], [-2.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
    grad_a, grad_b = guarded("two_gradients(w, x)", fn, w, x, path=path)
    xs, ws = x.numpy().astype(np.float64), w.numpy().astype(np.float64)
    tx, tw = torch.tensor(xs), torch.tensor(ws, requires_grad=True)
    y = tx @ tw
    (want_a,) = torch.autograd.grad((y**2).mean(), tw, retain_graph=True)
    (want_b,) = torch.autograd.grad(y.abs().mean(), tw)
    close(torch.tensor(np.asarray(grad_a)), want_a, "the gradient of loss_a", "loss_a 的梯度")
    close(torch.tensor(np.asarray(grad_b)), want_b, "the gradient of loss_b", "loss_b 的梯度")
    return "both gradients from one recording, equal to torch's"
