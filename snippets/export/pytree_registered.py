"""Registered as pytree nodes, a dataclass and a plain class become ordinary export inputs."""
import dataclasses
import re

import torch
import torch.utils._pytree as pytree
from torch.export import Dim, export


@dataclasses.dataclass
class Batch:
    features: torch.Tensor
    mask: torch.Tensor


class Window:                                  # a plain class, not a dataclass
    def __init__(self, values: torch.Tensor, scale: float):
        self.values = values
        self.scale = scale


# --8<-- [start:register]
torch.export.register_dataclass(Batch, serialized_type_name="fieldguide.Batch")

pytree.register_pytree_node(
    Window,
    lambda w: ([w.values], w.scale),                          # children, context
    lambda children, scale: Window(children[0], scale),       # rebuild from both
    flatten_with_keys_fn=lambda w: ([(pytree.GetAttrKey("values"), w.values)], w.scale),
    serialized_type_name="fieldguide.Window",
)
# --8<-- [end:register]


class Masked(torch.nn.Module):
    def forward(self, batch: Batch, window: Window):
        return (batch.features * batch.mask).sum(-1) + window.values * window.scale


# --8<-- [start:export]
n = Dim("n")
batch, window = Batch(torch.randn(4, 3), torch.ones(4, 3)), Window(torch.randn(4), 2.0)
ep = export(Masked(), (batch, window),
            dynamic_shapes={"batch": [{0: n}, {0: n}], "window": [{0: n}]})  # children, in order
print("graph inputs:", [spec.arg.name for spec in ep.graph_signature.input_specs])
print("range constraints:", ep.range_constraints)
# --8<-- [end:export]

leaves, spec = pytree.tree_flatten((batch, window))
print("the pair flattens to", len(leaves), "tensors; the float 2.0 is context, kept in the spec:")
print(" ", re.sub(r"\s+", " ", str(spec)))
runner = ep.module()
b6, w6 = Batch(torch.randn(6, 3), torch.ones(6, 3)), Window(torch.randn(6), 2.0)
same = torch.allclose(runner(b6, w6), Masked()(b6, w6))
print("n = 6 matches eager:", same)
try:
    runner(b6, Window(torch.randn(6), 3.0))    # another scale is another tree structure
except ValueError as err:
    message = re.sub(r"\s+", " ", str(err))
    exported, got = re.findall(r"TreeSpec\(Window, [^)]*\)", message)
    print("scale 3.0: ValueError:", message.split(":")[0])
    print(f"    exported {exported}, got {got}")
    print("   ", message.split(". ")[-1])
else:
    raise AssertionError("a different context should not match the exported spec")


class Pair:                                    # registered without flatten_with_keys_fn
    def __init__(self, left: torch.Tensor, right: torch.Tensor):
        self.left, self.right = left, right


class AddPair(torch.nn.Module):
    def forward(self, pair: Pair):
        return pair.left + pair.right


pytree.register_pytree_node(Pair, lambda p: ([p.left, p.right], None),
                            lambda children, _: Pair(*children))
try:
    export(AddPair(), (Pair(torch.ones(2), torch.ones(2)),))
except ValueError as err:
    print("Pair without flatten_with_keys_fn: ValueError:", err)
else:
    raise AssertionError("export needs key paths for every input node")
assert same and len(leaves) == 3
