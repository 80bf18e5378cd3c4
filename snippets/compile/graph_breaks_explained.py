"""torch._dynamo.explain: how many graphs Dynamo captured, how many breaks, and why."""
import torch
import torch._dynamo
from logcapture import torch_logs


# --8<-- [start:functions]
def with_print(x):
    y = x.sin()
    print("  print ran, in plain Python")
    return y * 2


def with_item(x):
    y = x.sin()
    scale = y.sum().item()            # a Python float from a tensor
    return y * scale


def with_branch(x):
    y = x.sin()
    if y.sum() > 0:                   # Python `if` on a tensor's value
        return y * 2
    return y * -2
# --8<-- [end:functions]


for fn in [with_print, with_item, with_branch]:
    print(f"{fn.__name__}:")
    torch._dynamo.reset()
    with torch_logs() as warnings:    # .item() also logs a warning with a hint; keep it quiet
        # --8<-- [start:explain]
        report = torch._dynamo.explain(fn)(torch.ones(3))
        # --8<-- [end:explain]
    print(f"  graph_count={report.graph_count}  graph_break_count={report.graph_break_count}")
    for reason in report.break_reasons:
        frame = reason.user_stack[-1]
        print(f"  break at line {frame.lineno}: {frame.line.split('#')[0].strip()}")
        for line in reason.reason.splitlines()[:2]:
            print("    " + line.strip())
        assert frame.name.endswith(fn.__name__)
    assert report.graph_count == 2 and report.graph_break_count == 1
