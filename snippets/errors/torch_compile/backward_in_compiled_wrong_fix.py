"""Following the hint's spelling, torch._dynamo.trace_autograd_ops = True, sets an unused attribute."""
import torch
import torch._dynamo

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)


def train_step(x, y):
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    return loss


torch._dynamo.trace_autograd_ops = True                 # not the config module
print("the config flag is still:", torch._dynamo.config.trace_autograd_ops)
try:
    torch.compile(train_step, backend="aot_eager", fullgraph=True)(torch.randn(4, 3), torch.randn(4, 1))
except torch._dynamo.exc.Unsupported as error:
    print(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    raised = True
assert raised and torch._dynamo.config.trace_autograd_ops is False
