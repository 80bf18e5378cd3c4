"""Automatic dynamic shapes remember sizes per code object, not per cached graph."""
import torch

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.linear(x).relu()


def input_shape(gm):
    x = next(node for node in gm.graph.nodes if node.name == "l_x_")
    return tuple(x.meta["example_value"].shape)


def run(label, sizes, grad):
    for n in sizes:
        before = len(compiles)
        with torch.set_grad_enabled(grad):
            compiled(torch.ones(n, 4))
        if len(compiles) > before:
            print(f"  {label} batch {n}: compiled graph {len(compiles)}, "
                  f"input shape {input_shape(compiles[-1])}")
    return len(compiles)


torch.manual_seed(0)
for train_sizes in ([2, 3], [2]):
    torch._dynamo.reset()
    compiles.clear()
    compiled = torch.compile(Model(), backend=counting_backend)
    print(f"training at batch sizes {train_sizes}, then validating under no_grad:")
    # --8<-- [start:loop]
    trained = run("training  ", train_sizes, grad=True)
    total = run("validation", [4, 5, 6, 2, 3], grad=False)
    # --8<-- [end:loop]
    print(f"  no_grad graphs: {total - trained}")
    assert total - trained == 1                      # one validation graph for every size
    assert str(input_shape(compiles[-1])[0]).startswith("s")   # symbolic from its first compile
