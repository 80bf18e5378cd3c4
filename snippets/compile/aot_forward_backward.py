"""AOTAutograd traces the backward at compile time and splits the joint graph in two."""
import torch
from functorch.compile import make_boxed_func, min_cut_rematerialization_partition
from torch._dynamo.backends.common import aot_autograd


# --8<-- [start:backend]
def show(title):
    def compiler(gm, example_inputs):
        print(f"--- {title} graph ---")
        print(gm.code.strip())
        return make_boxed_func(gm.forward)     # run the ATen graph as it is
    return compiler


backend = aot_autograd(fw_compiler=show("forward"), bw_compiler=show("backward"),
                       partition_fn=min_cut_rematerialization_partition)
# --8<-- [end:backend]


def f(x, w):
    return torch.sin(x @ w).cos().sum()


torch.manual_seed(0)
x, w = torch.randn(3, 4), torch.randn(4, 2, requires_grad=True)
loss = torch.compile(f, backend=backend)(x, w)   # compiles (and runs) the forward
print("--- calling loss.backward() ---")
loss.backward()
compiled_grad, w.grad = w.grad, None
f(x, w).backward()
print("gradient matches eager:", torch.allclose(compiled_grad, w.grad))
assert torch.allclose(compiled_grad, w.grad)
