"""Dropping fullgraph=True silences the error; explain() shows the function now runs as two graphs."""
import torch
import torch._dynamo


def clip_or_flip(x):
    if x.sum() > 0:
        return x.clamp(max=1.0)
    return -x


x = torch.tensor([0.5, 2.0])
print("without fullgraph:", torch.compile(clip_or_flip, backend="eager")(x).tolist())
torch._dynamo.reset()
report = torch._dynamo.explain(clip_or_flip)(x)
print(f"graph_count={report.graph_count}  graph_break_count={report.graph_break_count}")
print("break reason:", report.break_reasons[0].reason.splitlines()[0])
assert report.graph_count == 2 and report.graph_break_count == 1
