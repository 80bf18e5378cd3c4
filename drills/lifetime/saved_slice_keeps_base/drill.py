"""A small slice that keeps a large activation / 一个小切片留住了一大块激活

`forward(model, x)` runs a wide backbone (64 × 1024 features per batch) and a small head that
reads only the first 8 features. `collect(model, batches)` keeps the outputs of 10 batches for a
loss computed later over all of them. The drill measures the bytes the graphs of those outputs
keep for backward: each keeps the whole 64 × 1024 activation alive (256 KiB) though the head
reads 64 × 8 of it. Make each output keep only what its head reads, with the same values and
gradients.

`forward(model, x)` 先运行一个很宽的骨干网络（每个批次 64 × 1024 个特征），再运行一个只读取
前 8 个特征的小头部。`collect(model, batches)` 保留 10 个批次的输出，稍后在它们之上统一计算损失。
本练习测量这些输出的计算图为反向传播保留了多少字节：每个输出都留住了整个 64 × 1024 的激活
（256 KiB），而头部只读取了其中 64 × 8。让每个输出只保留头部读取的部分，值和梯度保持不变。
"""

import torch


class Model(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.backbone = torch.nn.Linear(16, 1024)
        self.scale = torch.nn.Parameter(torch.ones(8))


def forward(model: Model, x: torch.Tensor) -> torch.Tensor:
    features = model.backbone(x)  # 64 × 1024
    head = features[:, :8]  # the head reads 8 of them
    return torch.sin(head) * model.scale


def collect(model: Model, batches: list[torch.Tensor]) -> list[torch.Tensor]:
    return [forward(model, x) for x in batches]


if __name__ == "__main__":
    outputs = collect(Model(), [torch.randn(64, 16) for _ in range(10)])
    print(torch.stack(outputs).pow(2).mean())
