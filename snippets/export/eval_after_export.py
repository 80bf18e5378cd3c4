# snippet: raises=NotImplementedError
"""Train/eval mode is fixed at export time: export in eval mode; .eval() on the result raises."""
import torch
from torch.export import export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(p=0.5))
x = torch.randn(2, 4)


def dropout_call(ep):
    node = next(n for n in ep.graph.nodes if "dropout" in str(n.target))
    return f"{node.target}({node.args[0].name}, p={node.args[1]}, train={node.args[2]})"


# --8<-- [start:modes]
train_ep = export(model.train(), (x,))
eval_ep = export(model.eval(), (x,))
print("exported in train mode:", dropout_call(train_ep))
print("exported in eval mode: ", dropout_call(eval_ep))
print("eval program equals eager eval:", torch.equal(eval_ep.module()(x), model(x)))
train_ep.module().eval()                     # switching afterwards is not supported
# --8<-- [end:modes]
