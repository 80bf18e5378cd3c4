"""torch.compiler.nested_compile_region: a block called many times is traced once, as one
subgraph that the captured graph invokes at every call site."""
import torch

graphs = []


def capture(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def block(x, w):
    return torch.relu(x @ w).sin()


region = torch.compiler.nested_compile_region(block)


def model(x, weights, layer):
    for w in weights:
        x = layer(x, w)
    return x.sum()


torch.manual_seed(0)
x = torch.randn(2, 4)
weights = [torch.randn(4, 4) for _ in range(6)]
def ops(gm):
    """The operations of an FX graph, by name (the getitem that unpacks a result left out)."""
    names = [getattr(node.target, "__name__", str(node.target)) for node in gm.graph.nodes
             if node.op in ("call_function", "call_method")]
    return [name for name in names if name != "getitem"]


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
assert torch.allclose(torch.compile(model, backend="aot_eager")(x, weights, region),
                      model(x, weights, block))
