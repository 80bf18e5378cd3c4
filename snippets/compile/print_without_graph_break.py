"""torch._higher_order_ops.print (private in 2.13): a print that is an operation in the graph, so it
runs with real values on every call, like tf.print and jax.debug.print, without a graph break."""
import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


@torch.compile(backend=counting_backend, fullgraph=True)   # a graph break would raise
def step(x):
    y = x * 2
    torch._higher_order_ops.print("  inside the graph: y = {}", y)
    return y.sum()


for arg in [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]:
    print("call ->", step(arg).item())
ops = [str(node.target) for node in graphs[0].graph.nodes if node.op == "call_function"]
print("graphs captured:", len(graphs), "| its print node:", [op for op in ops if "print" in op])
assert len(graphs) == 1 and any("print" in op for op in ops)
