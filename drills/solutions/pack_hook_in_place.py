"""Keep saved activations in half precision / 以半精度保存激活 (reference solution)."""

import weakref
from collections.abc import Callable
from typing import Any

import torch


def half_precision_hooks(
    model: torch.nn.Module,
) -> tuple[Callable[[torch.Tensor], Any], Callable[[Any], torch.Tensor]]:
    params = {p.untyped_storage().data_ptr() for p in model.parameters()}
    copies: dict[tuple[Any, ...], tuple[weakref.ref[torch.Tensor], torch.Tensor]] = {}

    def pack(t: torch.Tensor) -> Any:
        if t.untyped_storage().data_ptr() in params:
            return t  # a parameter: alive anyway
        key = (t.untyped_storage().data_ptr(), t.storage_offset(), tuple(t.shape), t.stride())
        known = copies.get(key)
        if known is None or known[0]() is not t:  # a new tensor (memory can be reused)
            # out of place: the forward pass goes on using t itself
            copies[key] = (weakref.ref(t), t.detach().clamp(-65504.0, 65504.0).half())
        return copies[key][1]

    def unpack(packed: Any) -> torch.Tensor:
        return packed.to(torch.float32)

    return pack, unpack


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    with torch.autograd.graph.saved_tensors_hooks(*half_precision_hooks(net)):
        loss = net(torch.ones(2, 4)).pow(2).mean()
    loss.backward()
    print(net[0].weight.grad)
