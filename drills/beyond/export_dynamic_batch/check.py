from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    program = call(drill, "export_model", model)
    if not isinstance(program, torch.export.ExportedProgram):
        raise Fail(
            "export_model() must return a torch.export.ExportedProgram",
            "export_model() 必须返回 torch.export.ExportedProgram",
        )
    module = program.module()
    for batch in (4, 7, 2, 33):
        x = torch.randn(batch, 8)
        out = guarded(f"the exported program on a batch of {batch}", module, x, path=path)
        close(out, model(x), f"the output for a batch of {batch}", f"批大小为 {batch} 时的输出")
    try:
        module(torch.randn(4, 5))
    except Exception:  # noqa: BLE001 - any refusal is right: the features must stay 8
        return "batches of 4, 7, 2 and 33 run; 5 features are refused"
    raise Fail(
        "the exported program accepted 5 features; only the batch may vary",
        "导出的程序接受了 5 个特征；只有批维度可以变化",
    )
