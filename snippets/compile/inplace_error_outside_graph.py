"""The in-place check moves to the compiled call only inside one graph: after the call, or across a graph break, backward still raises."""
import warnings

import torch

warnings.filterwarnings("ignore", message="Error detected in")  # a traceback with install paths


def backward_error(loss):
    try:
        loss.backward()
    except RuntimeError as error:
        return str(error).split(":")[0]
    return None


# --8<-- [start:outside]
def saves(x):
    return x.sigmoid()                   # sigmoid saves its result, which is returned


def broken(x):
    y = x.sigmoid()
    torch._dynamo.graph_break()          # the in-place op lands in another graph
    y.mul_(2)
    return y.sum()


x = torch.randn(3, requires_grad=True)
y = torch.compile(saves, backend="aot_eager")(x)
y.mul_(2)                                # changed after the compiled call
after_call = backward_error(y.sum())
print("modified after the call, backward:", after_call)
across = backward_error(torch.compile(broken, backend="aot_eager")(x))
print("across a graph break, backward:", across)
# --8<-- [end:outside]
message = "one of the variables needed for gradient computation has been modified by an inplace operation"
assert after_call == message and across == message
