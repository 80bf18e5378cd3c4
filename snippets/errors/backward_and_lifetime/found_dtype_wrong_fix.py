"""loss.float() before backward changes nothing: the loss already is float32, the mix is inside the node."""
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
loss = F.huber_loss(model(torch.randn(4, 3)), torch.from_numpy(np.ones((4, 1))))
try:
    loss.float().backward()
    raised = None
except RuntimeError as error:
    raised = str(error)
print("loss.float().backward():", raised)
print("the node that raises saved the target as:", loss.grad_fn._saved_target.dtype)
assert raised is not None and model.weight.grad is None
