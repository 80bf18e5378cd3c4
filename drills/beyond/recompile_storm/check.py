from pathlib import Path
from typing import Any

import torch
import torch._dynamo

from drills.harness import Fail, call, close, guarded, load, snippet_helpers


def check(path: Path) -> str:
    drill = load(path)
    snippet_helpers("compile")
    from logcapture import torch_logs, without_source_comments

    torch._dynamo.reset()
    compiles: list[Any] = []

    def counting(gm: torch.fx.GraphModule, example_inputs: Any) -> Any:
        compiles.append(gm)
        return gm.forward

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Tanh())
    step = call(drill, "make_step", model, counting)
    batches = [torch.randn(2, n, 8) for n in range(4, 16)]
    with torch_logs(recompiles=True) as reasons:
        outputs = [
            guarded(f"step(batch of length {b.shape[1]})", step, b, path=path) for b in batches
        ]
    for b, out in zip(batches, outputs, strict=True):
        close(out, model(b), f"the output for length {b.shape[1]}", f"长度 {b.shape[1]} 的输出")
    if len(compiles) > 2:
        first = next(
            (
                line.strip().removeprefix("- ")
                for r in reasons
                for line in r.splitlines()
                if line.strip().startswith("- ")
            ),
            "",
        )
        limit = any("recompile_limit" in r for r in reasons)
        tail = (
            f"; Dynamo hit its recompile limit, so the last {12 - len(compiles)} batches ran "
            "uncompiled"
            if limit
            else ""
        )
        tail_zh = (
            f"；Dynamo 达到了重新编译上限，最后 {12 - len(compiles)} 个批次是以不编译的方式运行的"
            if limit
            else ""
        )
        raise Fail(
            f"12 batches cost {len(compiles)} compiles{tail}. First recompile: "
            f"{without_source_comments(first)}",
            f"12 个批次编译了 {len(compiles)} 次{tail_zh}。第一次重新编译的原因："
            f"{without_source_comments(first)}",
        )
    if not compiles:
        raise Fail(
            "nothing was compiled: make_step must compile the model with the backend given",
            "什么都没有编译：make_step 必须用传入的 backend 编译模型",
        )
    return f"12 lengths, {len(compiles)} compile(s), outputs equal eager"
