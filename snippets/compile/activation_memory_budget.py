"""torch._functorch.config.activation_memory_budget: the min-cut partitioner saves less and
recomputes more as the budget (a fraction of what saving everything would take) goes down."""
import torch
import torch._functorch.config as functorch_config
from functorch.compile import make_boxed_func, min_cut_rematerialization_partition
from torch._dynamo.backends.common import aot_autograd

split = {}


def forward_compiler(gm, example_inputs):
    outputs = next(node for node in gm.graph.nodes if node.op == "output").args[0]
    split["saved"] = [str(node) for node in outputs[1:]]        # outputs[0] is the loss
    return make_boxed_func(gm.forward)


def backward_compiler(gm, example_inputs):
    split["backward ops"] = sum(node.op == "call_function" for node in gm.graph.nodes)
    return make_boxed_func(gm.forward)


backend = aot_autograd(fw_compiler=forward_compiler, bw_compiler=backward_compiler,
                       partition_fn=min_cut_rematerialization_partition)


def f(x, w1, w2):
    for _ in range(2):
        x = torch.relu(x @ w1) + x
        x = torch.tanh(x @ w2) * x
    return (x * x).sum()


torch.manual_seed(0)
x = torch.randn(64, 32)
w1, w2 = torch.randn(32, 32, requires_grad=True), torch.randn(32, 32, requires_grad=True)
results = []
for budget in [1.0, 0.4, 0.0]:
    torch._dynamo.reset()
    with functorch_config.patch(activation_memory_budget=budget):
        torch.compile(f, backend=backend)(x, w1, w2).backward()
    results.append((len(split["saved"]), split["backward ops"]))
    print(f"budget {budget}: saves {len(split['saved']):>2} tensors, backward runs "
          f"{split['backward ops']} ops; saved: {', '.join(split['saved'])}")

saved_counts, backward_ops = zip(*results, strict=True)
assert saved_counts[0] > saved_counts[1] > saved_counts[2] == 3     # at 0: only the inputs
assert backward_ops[0] < backward_ops[1] < backward_ops[2]
