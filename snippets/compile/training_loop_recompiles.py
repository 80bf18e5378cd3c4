"""The recompiles a training loop meets: train/eval, no_grad for validation, a new dtype."""
import torch
from logcapture import torch_logs, without_source_comments

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(0.5))
compiled = torch.compile(model, backend=counting_backend)
x = torch.ones(2, 4)


def call(label):
    before, seen = len(compiles), len(reasons)
    compiled(x)
    if len(compiles) == before:
        print(f"{label:<24} reused a graph")
    else:
        print(f"{label:<24} compiled graph {len(compiles)}")
        for reason in reasons[seen:]:                 # one failed guard per cached graph
            for line in without_source_comments(reason).splitlines():
                if line.strip().startswith("- 0/"):
                    print(" " * 4 + line.strip())


with torch_logs(recompiles=True) as reasons:
    # --8<-- [start:loop]
    call("train step")
    call("train step again")
    model.eval()
    call("model.eval()")
    with torch.no_grad():
        call("eval under no_grad")
    model.train()
    call("model.train() again")
    x = x.double()
    model.double()
    call("float64 input")
    # --8<-- [end:loop]
def dropout_training(gm):
    node = next(node for node in gm.graph.nodes if "dropout" in str(node.target))
    return node.kwargs.get("training", node.args[2] if len(node.args) > 2 else None)


assert dropout_training(compiles[0]) is True and dropout_training(compiles[1]) is False
failed = "\n".join(reasons)
assert len(compiles) == 4 and len(reasons) == 3
assert "training == True" in failed and "GLOBAL_STATE changed: grad_mode" in failed
assert "dtype mismatch. expected Float, actual Double" in failed
