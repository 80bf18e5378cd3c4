"""torch.compiler.nested_compile_region: a block called many times is traced once, as one
subgraph that the captured graph invokes at every call site; AOTAutograd then partitions that
subgraph once into a forward and a backward subgraph. A function that needs more than
max_reuse_entries (8) versions in one graph makes the compile fail."""
import torch
from functorch.compile import make_boxed_func, min_cut_rematerialization_partition
from torch._dynamo.backends.common import aot_autograd

graphs, halves = [], {}


def capture(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def keep(name):                                   # an aot_eager that keeps both graphs
    def compiler(gm, example_inputs):
        halves[name] = gm
        return make_boxed_func(gm.forward)
    return compiler


aot_backend = aot_autograd(fw_compiler=keep("forward"), bw_compiler=keep("backward"),
                           partition_fn=min_cut_rematerialization_partition)


def block(x, w):
    return torch.relu(x @ w).sin()


region = torch.compiler.nested_compile_region(block)


def model(x, weights, layer):
    for w in weights:
        x = layer(x, w)
    return (x * x).sum()


def ops(gm):
    """The operations of an FX graph, by name (the getitem that unpacks a result left out)."""
    names = [getattr(node.target, "__name__", str(node.target)) for node in gm.graph.nodes
             if node.op in ("call_function", "call_method")]
    return [name for name in names if name != "getitem"]


torch.manual_seed(0)
x = torch.randn(2, 4, requires_grad=True)
weights = [torch.randn(4, 4, requires_grad=True) for _ in range(6)]
for name, layer in [("plain function", block), ("nested_compile_region", region)]:
    torch._dynamo.reset()
    torch.compile(model, backend=capture, fullgraph=True)(x, weights, layer)
    gm = graphs[-1]
    top = ops(gm)
    print(f"{name}: {len(top)} operations in the captured graph, "
          f"{top.count('invoke_subgraph')} of them invoke_subgraph")
    for sub_name, sub in gm.named_children():
        print(f"  {sub_name}, traced once: {ops(sub)}")

plain, nested = graphs[-2:]
assert len(dict(plain.named_children())) == 0 and len(dict(nested.named_children())) == 1

# --8<-- [start:grads]
torch._dynamo.reset()
loss = torch.compile(model, backend=aot_backend)(x, weights, region)
grads = torch.autograd.grad(loss, [x, *weights])
# --8<-- [end:grads]
print("Under AOTAutograd, with gradients:")
for half, gm in halves.items():
    subgraphs = dict(gm.named_children())
    print(f"  {half} graph: {ops(gm).count('invoke_subgraph')} invoke_subgraph calls "
          f"of {list(subgraphs)}")
    assert len(subgraphs) == 1 and ops(gm).count("invoke_subgraph") == 6
x_eager = x.detach().requires_grad_()
weights_eager = [w.detach().requires_grad_() for w in weights]
expected = torch.autograd.grad(model(x_eager, weights_eager, block), [x_eager, *weights_eager])
assert all(torch.allclose(g, e) for g, e in zip(grads, expected, strict=True))
print("  gradients match eager: True")

# --8<-- [start:limit]
def nine_shapes(xs, w):
    return sum(region(x, w).sum() for x in xs)


torch._dynamo.reset()
try:
    torch.compile(nine_shapes, backend="eager", dynamic=False)(
        [torch.ones(n, 4) for n in range(1, 10)], torch.ones(4, 4))
except RuntimeError as error:
    raised = error
# --8<-- [end:limit]
message = str(raised)
print(f"Nine shapes in one graph: {type(raised).__name__}, a RuntimeError")
print("  " + message[:message.index(" for function code")])
assert isinstance(raised, torch._dynamo.exc.InternalTorchDynamoError)
assert "exceeded maximum reuse entries (8)" in message
