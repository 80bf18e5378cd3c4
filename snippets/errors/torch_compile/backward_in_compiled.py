# snippet: raises=Unsupported
"""A whole training step under fullgraph=True: Dynamo does not trace loss.backward() by default."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)


def train_step(x, y):
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    return loss


torch.compile(train_step, backend="aot_eager", fullgraph=True)(torch.randn(4, 3), torch.randn(4, 1))
