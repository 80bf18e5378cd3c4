"""torch._functorch.config.activation_memory_budget: the min-cut partitioner saves less and
recomputes more as the budget goes down. The budget is measured between two points: 0.0 is
saving only the inputs, 1.0 is what the default min-cut partition saves (which already
recomputes cheap operations), not what saving every activation would take."""
import torch
import torch._functorch.config as functorch_config
from functorch.compile import (
    default_partition,
    make_boxed_func,
    min_cut_rematerialization_partition,
)
from torch._dynamo.backends.common import aot_autograd

split = {}


def nbytes(node):
    value = node.meta["val"]
    return value.numel() * value.element_size()


def forward_compiler(gm, example_inputs):
    outputs = next(node for node in gm.graph.nodes if node.op == "output").args[0]
    saved = outputs[1:]                                          # outputs[0] is the loss
    split["saved"] = [str(node) for node in saved]
    split["bytes"] = sum(nbytes(node) for node in saved)
    split["input bytes"] = sum(nbytes(node) for node in gm.graph.nodes
                               if node.op == "placeholder")
    return make_boxed_func(gm.forward)


def backward_compiler(gm, example_inputs):
    split["backward ops"] = sum(node.op == "call_function" for node in gm.graph.nodes)
    return make_boxed_func(gm.forward)


def f(x, w1, w2):
    for _ in range(2):
        x = torch.relu(x @ w1) + x
        x = torch.tanh(x @ w2) * x
    return (x * x).sum()


def compile_and_split(partition_fn, budget=1.0):
    backend = aot_autograd(fw_compiler=forward_compiler, bw_compiler=backward_compiler,
                           partition_fn=partition_fn)
    torch._dynamo.reset()
    with functorch_config.patch(activation_memory_budget=budget):
        torch.compile(f, backend=backend)(x, w1, w2).backward()
    return dict(split)


torch.manual_seed(0)
x = torch.randn(64, 32)
w1, w2 = torch.randn(32, 32, requires_grad=True), torch.randn(32, 32, requires_grad=True)

eager_like = compile_and_split(default_partition)        # saves what eager autograd saves
print(f"default_partition (what eager saves): {len(eager_like['saved'])} tensors, "
      f"{eager_like['bytes']} bytes")
results = {budget: compile_and_split(min_cut_rematerialization_partition, budget)
           for budget in [1.0, 0.4, 0.0]}
inputs, at_one = results[1.0]["input bytes"], results[1.0]["bytes"]
for budget, r in results.items():
    ratio = (r["bytes"] - inputs) / (at_one - inputs)   # the partitioner's get_mem_ratio
    print(f"budget {budget}: saves {len(r['saved']):>2} tensors, {r['bytes']:>5} bytes "
          f"(ratio {ratio:.3f}), backward runs {r['backward ops']} ops; "
          f"saved: {', '.join(r['saved'])}")
    assert ratio <= budget

assert at_one < eager_like["bytes"]            # 1.0 is the min-cut choice, already below eager
assert results[0.0]["saved"] == ["primals_1", "primals_2", "primals_3"]   # 0.0: only the inputs
assert results[0.0]["bytes"] == inputs
saved_counts = [len(r["saved"]) for r in results.values()]
backward_ops = [r["backward ops"] for r in results.values()]
assert saved_counts[0] > saved_counts[1] > saved_counts[2] == 3
assert backward_ops[0] < backward_ops[1] < backward_ops[2]
