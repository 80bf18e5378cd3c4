"""An exported model that takes any batch size / 接受任意批大小的导出模型

`export_model(model)` exports a classifier with `torch.export` for serving. The exported program
works for the example's batch of 4 and rejects every other batch size. Export it so that the
batch dimension may take any size, while the feature dimension stays 8.

`export_model(model)` 用 `torch.export` 导出一个分类器用于线上推理。导出的程序只对示例的批大小 4
有效，其他批大小一律拒绝。重新导出，让批维度可以取任意大小，而特征维度保持为 8。
"""

import torch


def export_model(model: torch.nn.Module) -> torch.export.ExportedProgram:
    example = torch.randn(4, 8)
    return torch.export.export(model, (example,))


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    print(export_model(net).module()(torch.randn(7, 8)).shape)
