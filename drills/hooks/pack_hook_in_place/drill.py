"""Keep saved activations in half precision / 以半精度保存激活

`half_precision_hooks(model)` returns a `pack` and an `unpack` function for
`torch.autograd.graph.saved_tensors_hooks`: every activation the forward pass saves for backward
should be stored as a float16 copy, and turned back into float32 when backward needs it;
parameters are left alone (they live in memory anyway). Two problems:

1. the forward pass raises as soon as the hooks are installed;
2. then, the drill measures the activation bytes the graph holds, and they do not halve: a
   tensor saved by two operations (a ReLU's output, saved by the ReLU and by the next Linear)
   gets two copies. Store one copy per activation.

`half_precision_hooks(model)` 返回一对用于 `torch.autograd.graph.saved_tensors_hooks` 的
`pack` 和 `unpack` 函数：前向传播为反向传播保存的每个激活都应以 float16 副本存储，反向传播需要时
再转回 float32；参数保持原样（它们本来就在内存里）。有两个问题：

1. 一装上钩子，前向传播就报错；
2. 修好之后，本练习会测量计算图所持有的激活字节数，它并没有减半：被两个运算保存的张量（ReLU
   的输出，被 ReLU 和下一个 Linear 各保存一次）得到了两份副本。让每个激活只存一份。
"""

from collections.abc import Callable
from typing import Any

import torch


def half_precision_hooks(
    model: torch.nn.Module,
) -> tuple[Callable[[torch.Tensor], Any], Callable[[Any], torch.Tensor]]:
    params = {p.untyped_storage().data_ptr() for p in model.parameters()}

    def pack(t: torch.Tensor) -> Any:
        if t.untyped_storage().data_ptr() in params:
            return t  # a parameter: alive anyway
        t.clamp_(-65504.0, 65504.0)  # stay inside float16's range
        return t.to(torch.float16)

    def unpack(packed: Any) -> torch.Tensor:
        return packed.to(torch.float32)

    return pack, unpack


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    with torch.autograd.graph.saved_tensors_hooks(*half_precision_hooks(net)):
        loss = net(torch.ones(2, 4)).pow(2).mean()
    loss.backward()
    print(net[0].weight.grad)
